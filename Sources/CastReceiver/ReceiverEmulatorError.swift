public import CastNet
public import CastTLS

/// Why the emulator could not start.
public enum ReceiverEmulatorError: Error, Sendable, CustomStringConvertible {
    /// The device certificate or TLS context could not be made.
    case tls(TLSError)
    /// The device certificate could not be generated.
    case certificate(CertificateError)
    /// Binding or listening on the address failed.
    case listen(SocketAddress, IOError)
    /// A group was asked for without members.
    case noGroupMembers
    /// The group was asked to move after it stopped.
    case groupStopped

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .tls(let error): "TLS setup failed: \(error)"
        case .certificate(let error): "device certificate generation failed: \(error)"
        case .listen(let address, let error): "cannot listen on \(address): \(error)"
        case .noGroupMembers: "a group needs at least one member"
        case .groupStopped: "the group has stopped"
        }
    }
}
