/// Fields a decoder did not recognise, kept as their raw key+value bytes in arrival order.
///
/// Re-encoding appends them after the known fields, as the reference encoder (upb) does, so a message from a newer
/// schema survives a decode/encode round trip unchanged.
public struct ProtoUnknownFields: Sendable, Hashable {
    /// The concatenated raw fields.
    public private(set) var bytes: [UInt8]

    /// No unknown fields.
    public init() {
        bytes = []
    }

    /// Unknown fields given as already-encoded bytes.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// True when nothing unknown was seen.
    public var isEmpty: Bool { bytes.isEmpty }

    /// Appends one raw field.
    public mutating func append(_ raw: ArraySlice<UInt8>) {
        bytes.append(contentsOf: raw)
    }

    /// Each kept field as (field number, wire type, raw bytes), for display; nil if the bytes were tampered with.
    public func fields() -> [(tag: ProtoTag, raw: [UInt8])]? {
        var reader = ProtoReader(bytes)
        var result: [(tag: ProtoTag, raw: [UInt8])] = []
        while true {
            let start = reader.position
            guard let tag = try? reader.readTag() else { break }
            guard (try? reader.skipValue(of: tag)) != nil else { return nil }
            result.append((tag, Array(bytes[start..<reader.position])))
        }
        return reader.isAtEnd ? result : nil
    }
}
