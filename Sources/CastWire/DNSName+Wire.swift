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
        let storage = reader.storage
        let start = reader.position
        // Pass 1: validate, find the end of the in-place part and the decoded length, allocating nothing.
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
        if length == 0 {
            _ = reader.skip(inPlaceEnd - start)
            return (.root, forwardAt)
        }
        // Pass 2: copy the labels; pass 1 proved every access in bounds and the walk finite.
        let wire = [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
            var out = 0
            var cursor = start
            while true {
                let byte = storage[cursor]
                if byte == 0 { break }
                if byte & 0xC0 == 0xC0 {
                    cursor = message.lowerBound + Int(UInt16(byte & 0x3F) << 8 | UInt16(storage[cursor + 1]))
                    continue
                }
                let end = cursor + 1 + Int(byte)
                for index in cursor..<end {
                    buffer[out] = storage[index]
                    out += 1
                }
                cursor = end
            }
            initialized = out
        }
        _ = reader.skip(inPlaceEnd - start)
        return (DNSName(uncheckedWire: wire), forwardAt)
    }
}
