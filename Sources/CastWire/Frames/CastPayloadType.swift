/// `CastMessage.PayloadType` (protocol.md §2.3): which payload field carries the message.
public enum CastPayloadType: Int32, Sendable, Hashable, CustomStringConvertible {
    /// JSON text in `payload_utf8`.
    case string = 0
    /// Bytes in `payload_binary` (device auth).
    case binary = 1

    /// The .proto name.
    public var description: String { self == .string ? "STRING" : "BINARY" }
}
