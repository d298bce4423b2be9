public import CastNet
public import CastTLS

/// Why the emulator could not start.
public enum ReceiverEmulatorError: Error, Sendable, CustomStringConvertible {
    /// The device certificate or TLS context could not be made.
    case tls(TLSError)
    /// The device certificate could not be generated.
    case certificate(CertificateError)
    /// Binding or listening failed.
    case listen(IOError)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case let .tls(error): "TLS setup failed: \(error)"
        case let .certificate(error): "device certificate generation failed: \(error)"
        case let .listen(error): "cannot listen: \(error)"
        }
    }
}
