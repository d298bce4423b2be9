/// Where and why packet slicing stopped: the layer, truncated-or-malformed, and the layer's offset in the packet.
public struct PacketError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Truncated (too few bytes) is kept apart from malformed (bytes present but impossible).
    public enum Kind: Sendable, Hashable {
        /// The layer needed `need` bytes but only `have` were available.
        case truncated(need: Int, have: Int)
        /// The bytes were present but violate the format.
        case malformed(PacketMalformation)
    }

    /// The layer that failed.
    public var layer: PacketLayer
    /// What went wrong.
    public var kind: Kind
    /// Offset of the failing layer's first byte from the start of the packet.
    public var offset: Int
    /// What limited the available bytes (meaningful for truncation).
    public var lengthSource: PacketLengthSource

    /// Builds an error; `lengthSource` defaults to the captured bytes.
    public init(layer: PacketLayer, kind: Kind, offset: Int, lengthSource: PacketLengthSource = .captured) {
        self.layer = layer
        self.kind = kind
        self.offset = offset
        self.lengthSource = lengthSource
    }

    /// A truncation error.
    static func truncated(_ layer: PacketLayer, need: Int, have: Int, at offset: Int,
                          source: PacketLengthSource = .captured) -> PacketError {
        PacketError(layer: layer, kind: .truncated(need: need, have: have), offset: offset, lengthSource: source)
    }

    /// A malformation error.
    static func malformed(_ layer: PacketLayer, _ reason: PacketMalformation, at offset: Int) -> PacketError {
        PacketError(layer: layer, kind: .malformed(reason), offset: offset)
    }

    /// True for truncation errors (snaplen-cut captures), false for malformed headers.
    public var isTruncation: Bool {
        if case .truncated = kind { return true }
        return false
    }

    /// "TCP header truncated at byte 34: need 20, have 12 (limited by IPv4 total length)".
    public var description: String {
        switch kind {
        case .truncated(let need, let have):
            let limit = lengthSource == .captured ? "" : " (limited by \(lengthSource))"
            return "\(layer) truncated at byte \(offset): need \(need), have \(have)\(limit)"
        case .malformed(let reason):
            return "\(layer) malformed at byte \(offset): \(reason)"
        }
    }
}
