extension Inspector {
    /// Adds key-log lines learnt while running (a live capture's growing `--keylog`); TLS connections whose
    /// ClientHello comes after this can be decrypted with them.
    public func addKeyLog(text: some StringProtocol) {
        options.keyLog.add(text: text)
    }
}
