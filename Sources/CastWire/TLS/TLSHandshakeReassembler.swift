/// Reassembles handshake messages from handshake records: a message may span records and a record may hold several.
///
/// Memory is bounded: a message declaring more than `maximumMessageLength` bytes is rejected as soon as its
/// 4-byte header is seen, before any of its body is buffered.
public struct TLSHandshakeReassembler: Sendable {
    /// Largest handshake message accepted (certificate chains are the big ones).
    public var maximumMessageLength: Int

    /// Bytes of an incomplete message (header included).
    private var pending: [UInt8] = []
    /// Where each run of `pending` came from: (index in `pending`, stream offset), ascending.
    private var segments: [Segment] = []

    private struct Segment: Sendable {
        var index: Int
        var streamOffset: Int
    }

    /// A reassembler accepting messages up to `maximumMessageLength` bytes (default 256 KiB).
    public init(maximumMessageLength: Int = 262_144) {
        self.maximumMessageLength = maximumMessageLength
    }

    /// True while part of a message is buffered (another content type must not arrive now).
    public var hasPartialMessage: Bool { !pending.isEmpty }

    /// Number of bytes buffered.
    public var bufferedByteCount: Int { pending.count }

    /// Adds a handshake record's fragment and returns the messages it completed, in order.
    public mutating func append(_ record: TLSRecord) throws(TLSParseError) -> [TLSHandshakeMessage] {
        guard record.contentType == .handshake else {
            guard !hasPartialMessage else {
                throw TLSParseError(context: .handshake, kind: .malformed(.interleavedRecord(record.contentType)),
                                    offset: record.offset)
            }
            return []
        }
        segments.append(Segment(index: pending.count, streamOffset: record.fragmentOffset))
        pending.append(contentsOf: record.fragment)
        var messages: [TLSHandshakeMessage] = []
        var cursor = 0
        while pending.count - cursor >= 4 {
            let length = Int(pending[cursor + 1]) << 16 | Int(pending[cursor + 2]) << 8 | Int(pending[cursor + 3])
            guard length <= maximumMessageLength else {
                let error = TLSParseError(
                    context: .handshake,
                    kind: .malformed(.handshakeTooLong(length: length, limit: maximumMessageLength)),
                    offset: streamOffset(of: cursor))
                pending.removeAll()
                segments.removeAll()
                throw error
            }
            guard pending.count - cursor - 4 >= length else { break }
            let bodyStart = cursor + 4
            let boundaries = segments.lazy.map(\.index).filter { $0 > bodyStart && $0 < bodyStart + length }
                .map { $0 - bodyStart }
            messages.append(TLSHandshakeMessage(type: TLSHandshakeType(rawValue: pending[cursor]),
                                                body: Array(pending[bodyStart..<bodyStart + length]),
                                                offset: streamOffset(of: cursor),
                                                bodyOffset: streamOffset(of: bodyStart),
                                                recordBoundaries: Array(boundaries)))
            cursor += 4 + length
        }
        compact(consumed: cursor)
        return messages
    }

    /// Stream offset of `pending[index]`.
    private func streamOffset(of index: Int) -> Int {
        var found = segments.first ?? Segment(index: 0, streamOffset: 0)
        for segment in segments where segment.index <= index { found = segment }
        return found.streamOffset + (index - found.index)
    }

    /// Drops the first `consumed` bytes, keeping segment bookkeeping for what remains.
    private mutating func compact(consumed: Int) {
        guard consumed > 0 else { return }
        guard consumed < pending.count else {
            pending.removeAll(keepingCapacity: true)
            segments.removeAll(keepingCapacity: true)
            return
        }
        let head = Segment(index: 0, streamOffset: streamOffset(of: consumed))
        segments = [head] + segments.filter { $0.index > consumed }.map {
            Segment(index: $0.index - consumed, streamOffset: $0.streamOffset)
        }
        pending.removeFirst(consumed)
    }
}
