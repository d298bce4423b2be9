public import CastTLS

/// What protects a `CastSocket`'s bytes.
public enum CastSocketSecurity: Sendable {
    /// TLS with `context`'s role (client for senders, server for receivers) — the only mode Cast uses.
    case tls(TLSContext)
    /// No encryption: frames go straight onto the transport. For fuzzing and tests of the layers above only.
    case plaintext
}
