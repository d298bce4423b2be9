/// Frames `CastMessage`s for the wire: 4-byte big-endian body length, then the protobuf body (protocol.md §2.2).
public enum CastFrameEncoder {
    /// One frame holding `message`; throws `.bodyTooLarge` (offset 0) above 64 KiB, as openscreen refuses to send it.
    public static func encode(_ message: CastMessage) throws(FramingError) -> [UInt8] {
        var writer = ByteWriter()
        try encode(message, into: &writer)
        return writer.bytes
    }

    /// Appends one frame holding `message` to `writer`; nothing is written when it throws.
    public static func encode(_ message: CastMessage, into writer: inout ByteWriter) throws(FramingError) {
        let size = message.encodedSize
        // A CastMessage always has its required fields, so the body is never empty; only the limit can fail.
        guard size <= CastFrameDecoder.maximumBodySize else {
            throw FramingError(.bodyTooLarge(length: UInt32(clamping: size), maximum: CastFrameDecoder.maximumBodySize),
                               offset: writer.count)
        }
        writer.writeUInt32BE(UInt32(size))
        var proto = ProtoWriter(appendingTo: writer)
        writer = ByteWriter()  // drop our reference so the append below does not copy the buffer
        message.encode(into: &proto)
        writer = proto.writer
    }
}
