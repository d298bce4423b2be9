/// One certificate in a Certificate message: DER bytes plus (TLS 1.3) per-certificate extensions.
public struct TLSCertificateEntry: Sendable, Hashable {
    /// The certificate (DER-encoded X.509, or a raw public key).
    public var data: [UInt8]
    /// TLS 1.3 CertificateEntry extensions (status_request, SCT), raw; empty for TLS 1.2.
    public var extensions: [TLSExtension]
    /// Stream offset of the certificate's length prefix.
    public var offset: Int

    /// An entry from its parts.
    public init(data: [UInt8], extensions: [TLSExtension], offset: Int) {
        self.data = data
        self.extensions = extensions
        self.offset = offset
    }
}
