/// Splits a Cast byte stream into `CastMessage`s: 4-byte big-endian length + body, 1 ≤ length ≤ 65,536
/// (protocol.md §2.2).
///
/// The same decoder serves live sockets and reassembled capture streams. `decode` returns `nil` when the reader
/// does not yet hold a whole frame and then leaves it untouched; on success it consumes exactly one frame; on a
/// throw the reader is also untouched, so the caller sees where the bad frame starts.
public struct CastFrameDecoder: Sendable {
    /// The largest body Cast allows (Chromium `max_body_size`, openscreen `kMaxBodySize`).
    public static let maximumBodySize = 65_536
    /// The header size.
    public static let headerSize = 4

    /// Frames decoded so far.
    public private(set) var framesDecoded = 0
    /// The endpoint IDs and namespaces this stream's messages repeat (`decodeDeferringText`).
    private var strings = ProtoStringCache()

    /// A decoder with nothing decoded yet.
    public init() {}

    /// Decodes the next frame, or returns `nil` (reader untouched) when more bytes are needed.
    public mutating func decode(_ reader: inout ByteReader) throws(FramingError) -> CastMessage? {
        guard let body = try Self.nextBody(reader) else { return nil }
        do throws(ProtobufError) {
            let message = try CastMessage(protobuf: body)
            _ = reader.skip(Self.headerSize + body.remaining)
            framesDecoded += 1
            return message
        } catch {
            throw FramingError(.invalidMessage(error), offset: reader.position)
        }
    }

    /// Decodes the next frame like `decode`, leaving a STRING message's JSON text where it lies (checked as UTF-8,
    /// not copied): for readers that look at most payloads without keeping them.
    public mutating func decodeDeferringText(_ reader: inout ByteReader) throws(FramingError) -> DecodedCastFrame? {
        guard let body = try Self.nextBody(reader) else { return nil }
        do throws(ProtobufError) {
            let (message, text) = try CastMessage.decodeDeferringText(body, strings: &strings)
            _ = reader.skip(Self.headerSize + body.remaining)
            framesDecoded += 1
            return DecodedCastFrame(message: message, text: text)
        } catch {
            throw FramingError(.invalidMessage(error), offset: reader.position)
        }
    }

    /// The body of the next frame as a bounded reader, or `nil` if it is incomplete; consumes nothing.
    ///
    /// Checks the header (zero and over-limit lengths throw) before waiting for the body, so a bad length is
    /// reported as soon as its four bytes arrive.
    public static func nextBody(_ reader: ByteReader) throws(FramingError) -> ByteReader? {
        guard let length = reader.peekUInt32BE() else { return nil }
        guard length != 0 else { throw FramingError(.zeroLength, offset: reader.position) }
        guard length <= maximumBodySize else {
            throw FramingError(.bodyTooLarge(length: length, maximum: maximumBodySize), offset: reader.position)
        }
        guard reader.remaining - headerSize >= Int(length) else { return nil }
        return ByteReader(reader.storage, range: reader.position + headerSize..<reader.position + headerSize + Int(length))
    }

    /// Call at end of input: throws `.truncated` if a partial frame is left, else does nothing.
    public func finish(_ reader: ByteReader) throws(FramingError) {
        guard !reader.isAtEnd else { return }
        let needed: Int
        if let length = reader.peekUInt32BE() {
            needed = Self.headerSize + Int(length)
        } else {
            needed = Self.headerSize
        }
        throw FramingError(.truncated(needed: needed, available: reader.remaining), offset: reader.position)
    }
}
