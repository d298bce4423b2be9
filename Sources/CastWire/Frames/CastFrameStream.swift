/// A `CastFrameDecoder` over an appending buffer, the way a socket delivers bytes: `append` what arrived, then
/// call `next()` until it returns `nil`.
///
/// Offsets in errors and `nextFrameOffset` count from the first byte ever appended.
public struct CastFrameStream: Sendable {
    /// The frame decoder doing the work.
    public private(set) var decoder = CastFrameDecoder()
    private var buffer: [UInt8] = []
    private var start = 0
    private var droppedBytes = 0

    /// An empty stream.
    public init() {}

    /// Bytes received but not yet decoded.
    public var bufferedByteCount: Int { buffer.count - start }

    /// Stream offset of the next frame's first byte.
    public var nextFrameOffset: Int { droppedBytes + start }

    /// Adds received bytes.
    public mutating func append<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
        // Drop consumed bytes once they make up most of the buffer, so memory stays bounded by one frame plus input.
        if start > 0, start >= buffer.count / 2 {
            buffer.removeSubrange(0..<start)
            droppedBytes += start
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete message, or `nil` when more bytes are needed.
    public mutating func next() throws(FramingError) -> CastMessage? {
        var reader = ByteReader(buffer, range: start..<buffer.count)
        do throws(FramingError) {
            guard let message = try decoder.decode(&reader) else { return nil }
            start = reader.position
            return message
        } catch {
            throw error.shifted(by: droppedBytes)
        }
    }

    /// Call at end of input: throws `.truncated` if a partial frame is left.
    public func finish() throws(FramingError) {
        do throws(FramingError) {
            try decoder.finish(ByteReader(buffer, range: start..<buffer.count))
        } catch {
            throw error.shifted(by: droppedBytes)
        }
    }
}
