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
    /// True after a fault or a gap, until a plausible frame header is found (`resynchronize()`).
    public private(set) var isSearching = false
    /// Bytes skipped while searching, in all.
    public private(set) var skippedByteCount = 0

    /// The shortest prefix that identifies a frame start: length(4), then `08 v` (protocol_version) and `12`
    /// (source_id's tag), as every CastMessage begins.
    static let headerLength = 7

    /// An empty stream; `searching` starts it mid-stream (after a gap), looking for a frame header first.
    public init(searching: Bool = false) {
        isSearching = searching
    }

    /// Bytes received but not yet decoded.
    public var bufferedByteCount: Int { buffer.count - start }

    /// Stream offset of the next frame's first byte.
    public var nextFrameOffset: Int { droppedBytes + start }

    /// Adds received bytes; with nothing buffered the array itself becomes the buffer (a retain, not a copy), so
    /// frames that arrive whole (one per decrypted TLS record, typically) are decoded where they lie.
    public mutating func append(_ bytes: [UInt8]) {
        guard start == buffer.count, !bytes.isEmpty else {
            append(bytes[...])
            return
        }
        droppedBytes += start
        buffer = bytes
        start = 0
    }

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
        try next { (decoder, reader) throws(FramingError) in try decoder.decode(&reader) }
    }

    /// The next complete frame with its JSON text left in the buffer (`CastFrameDecoder.decodeDeferringText`), or
    /// `nil` when more bytes are needed. The frame shares the buffer: drop it before appending more, or the append
    /// copies the buffer.
    public mutating func nextDeferringText() throws(FramingError) -> DecodedCastFrame? {
        try next { (decoder, reader) throws(FramingError) in try decoder.decodeDeferringText(&reader) }
    }

    private mutating func next<Frame>(
        _ decode: (inout CastFrameDecoder, inout ByteReader) throws(FramingError) -> Frame?
    ) throws(FramingError) -> Frame? {
        if isSearching, !findHeader() { return nil }
        var reader = ByteReader(buffer, range: start..<buffer.count)
        do throws(FramingError) {
            guard let frame = try decode(&decoder, &reader) else { return nil }
            start = reader.position
            return frame
        } catch {
            throw error.shifted(by: droppedBytes)
        }
    }

    /// After a fault: skips the frame that failed (its first byte) and looks for the next plausible frame header in
    /// the buffered bytes and in what is appended later; `next()` resumes there. Nothing already received is lost.
    public mutating func resynchronize() {
        if start < buffer.count {
            start += 1
            skippedByteCount += 1
        }
        isSearching = true
    }

    /// Moves `start` to the first plausible header; keeps the last bytes that may begin one when none is there yet.
    private mutating func findHeader() -> Bool {
        var index = start
        while index + Self.headerLength <= buffer.count {
            let length = Int(buffer[index]) << 24 | Int(buffer[index + 1]) << 16 | Int(buffer[index + 2]) << 8
                | Int(buffer[index + 3])
            if length > 0, length <= CastFrameDecoder.maximumBodySize, buffer[index + 4] == 0x08,
                buffer[index + 5] <= 3, buffer[index + 6] == 0x12
            {
                skippedByteCount += index - start
                start = index
                isSearching = false
                return true
            }
            index += 1
        }
        let kept = max(start, buffer.count - (Self.headerLength - 1))
        skippedByteCount += kept - start
        start = kept
        return false
    }

    /// Call at end of input: throws `.truncated` if a partial frame is left.
    public func finish() throws(FramingError) {
        // Bytes skipped or kept while searching were never a frame's start: nothing is truncated.
        guard !isSearching else { return }
        do throws(FramingError) {
            try decoder.finish(ByteReader(buffer, range: start..<buffer.count))
        } catch {
            throw error.shifted(by: droppedBytes)
        }
    }
}
