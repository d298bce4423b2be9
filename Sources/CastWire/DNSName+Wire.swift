/// Reading names with compression pointers (RFC 1035 §4.1.4).
extension DNSName {
    /// The most label-or-pointer steps a name may take after its first pointer; a valid name has at most 127 labels,
    /// so anything beyond this is a pointer loop or an absurd pointer chain.
    static let maximumStepsAfterJump = 256

    /// Reads a possibly compressed name at `reader.position` and moves the reader past its in-place part.
    ///
    /// The in-place part must lie before `reader.limit` (for names inside record data: the RDATA end); pointers may
    /// target any byte of `message` (absolute offsets into `reader.storage`). Forward pointers are followed, as
    /// tshark and common resolvers do; the offset of the first one is returned so the caller can warn.
    /// On a throw the reader does not move; errors carry the `.header` section and no index until the caller
    /// places them.
    static func read(from reader: inout ByteReader, message: Range<Int>) throws(DNSError)
        -> (name: DNSName, forwardPointerAt: Int?) {
        var cache = DNSNameCache()
        return try read(from: &reader, message: message, cache: &cache)
    }

    /// `read(from:message:)` sharing names already decoded at the same offset through `cache`.
    static func read(from reader: inout ByteReader, message: Range<Int>, cache: inout DNSNameCache) throws(DNSError)
        -> (name: DNSName, forwardPointerAt: Int?) {
        let storage = reader.storage
        let start = reader.position
        // Fast path: the whole name is one pointer to a name decoded before.
        if reader.remaining >= 2, storage[start] & 0xC0 == 0xC0 {
            let target = message.lowerBound + Int(UInt16(storage[start] & 0x3F) << 8 | UInt16(storage[start + 1]))
            if target != start, let known = cache.name(at: target) {
                _ = reader.skip(2)
                return (known, target > start ? start : nil)
            }
        }
        // Validate once, find the end of the in-place part and the decoded length; the name then views the bytes.
        var position = start
        var limit = reader.limit
        var inPlaceEnd = -1
        var length = 0
        var tooLongAt = -1
        var steps = 0
        var forwardAt: Int?
        while true {
            guard position < limit else {
                throw DNSError(.truncated, section: .header, offset: position, needed: 1, available: 0)
            }
            let byte = storage[position]
            if byte == 0 {
                if inPlaceEnd < 0 { inPlaceEnd = position + 1 }
                break
            }
            if inPlaceEnd >= 0 {
                steps += 1
                if steps > maximumStepsAfterJump {
                    throw DNSError(.pointerLoop, section: .header, offset: position)
                }
            }
            switch byte & 0xC0 {
            case 0x00:
                let labelLength = Int(byte)
                guard limit - position - 1 >= labelLength else {
                    throw DNSError(.truncated, section: .header, offset: position + 1, needed: labelLength,
                                   available: limit - position - 1)
                }
                length += 1 + labelLength
                if length + 1 > maximumWireLength, tooLongAt < 0 { tooLongAt = position }
                position += 1 + labelLength
            case 0xC0:
                guard limit - position >= 2 else {
                    throw DNSError(.truncated, section: .header, offset: position, needed: 2,
                                   available: limit - position)
                }
                let target = message.lowerBound + Int(UInt16(byte & 0x3F) << 8 | UInt16(storage[position + 1]))
                guard target < message.upperBound else {
                    throw DNSError(.pointerOutOfBounds, section: .header, offset: position)
                }
                if target == position { throw DNSError(.pointerLoop, section: .header, offset: position) }
                if target > position, forwardAt == nil { forwardAt = position }
                if inPlaceEnd < 0 {
                    inPlaceEnd = position + 2
                    limit = message.upperBound
                }
                position = target
            default:
                throw DNSError(.reservedLabelType, section: .header, offset: position)
            }
        }
        if tooLongAt >= 0 { throw DNSError(.nameTooLong, section: .header, offset: tooLongAt) }
        _ = reader.skip(inPlaceEnd - start)
        if length == 0 { return (.root, forwardAt) }
        let name = DNSName(validatedIn: storage, start: start, base: message.lowerBound, length: length)
        // Names reached through forward pointers are not shared, so each use still reports its own warning.
        guard forwardAt == nil else { return (name, forwardAt) }
        cache.remember(name, at: start)
        if storage[start] & 0xC0 == 0xC0 {
            cache.remember(name, at: message.lowerBound + Int(UInt16(storage[start] & 0x3F) << 8 | UInt16(storage[start + 1])))
        }
        return (name, forwardAt)
    }
}
