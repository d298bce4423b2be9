/// Which way bytes of a TCP connection travel.
public enum FlowDirection: String, Sendable, Hashable {
    /// Client to server (sender to receiver for Cast).
    case c2s
    /// Server to client.
    case s2c

    /// The arrow used in the readable report.
    public var arrow: String { self == .c2s ? "→" : "←" }
}
