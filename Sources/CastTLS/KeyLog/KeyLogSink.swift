/// Receives NSS key-log lines (`CLIENT_RANDOM …`, `CLIENT_HANDSHAKE_TRAFFIC_SECRET …`) from a `TLSContext`.
///
/// Called on whatever thread drives the handshake, once per secret, with the line OpenSSL formatted (no newline).
public protocol KeyLogSink: AnyObject, Sendable {
    /// Records one key-log line.
    func writeKeyLogLine(_ line: String)
}
