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
    /// A group was asked for without members.
    case noGroupMembers

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .tls(let error): "TLS setup failed: \(error)"
        case .certificate(let error): "device certificate generation failed: \(error)"
        case .listen(let error): "cannot listen: \(error)"
        case .noGroupMembers: "a group needs at least one member"
        }
    }
}
