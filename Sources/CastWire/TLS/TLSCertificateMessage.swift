/// A decoded Certificate message: TLS 1.2's DER list (RFC 5246 §7.4.2) or TLS 1.3's context + entries
/// (RFC 8446 §4.4.2).
public struct TLSCertificateMessage: Sendable, Hashable {
    /// certificate_request_context (TLS 1.3 only; nil for TLS 1.2).
    public var requestContext: [UInt8]?
    /// The certificates, leaf first.
    public var entries: [TLSCertificateEntry]

    /// Decodes a certificate message; the layout depends on the negotiated version.
    public init(_ message: TLSHandshakeMessage, isTLS13: Bool) throws(TLSParseError) {
        var reader = TLSFieldReader(message, context: .certificate)
        requestContext = isTLS13 ? try reader.vectorBytes(lengthBytes: 1) : nil
        var list = try reader.vector(lengthBytes: 3)
        try reader.expectEnd()
        var entries: [TLSCertificateEntry] = []
        while !list.isAtEnd {
            let offset = list.offset
            let der = try list.vectorBytes(lengthBytes: 3)
            guard !der.isEmpty else { throw list.malformed(.emptyVector) }
            var extensions: [TLSExtension] = []
            if isTLS13 {
                var block = try list.vector(lengthBytes: 2)
                while !block.isAtEnd {
                    let extOffset = block.offset
                    let type = TLSExtensionType(rawValue: try block.u16())
                    let data = try block.vectorBytes(lengthBytes: 2)
                    extensions.append(TLSExtension(type: type, data: data, value: .raw, offset: extOffset))
                }
            }
            entries.append(TLSCertificateEntry(data: der, extensions: extensions, offset: offset))
        }
        self.entries = entries
    }
}
