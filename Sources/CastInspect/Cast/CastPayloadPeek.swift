import CastWire

#if canImport(Glibc)
import Glibc
#endif

/// Finds a few values in a JSON payload without building it: the top-level `type` and `requestId`, and the first
/// `mediaSessionId`, `playerState` and `idleReason` at any depth.
///
/// The session reconstructor needs these for every message; parsing a 16 KiB MEDIA_STATUS into a tree just to read
/// them cost more than decrypting it. Malformed JSON gives whatever was found before the fault.
struct CastPayloadPeek: Sendable {
    var type: String?
    var requestID: Int64?
    var mediaSessionID: Int64?
    var playerState: String?
    var idleReason: String?

    /// Peeks at JSON text still in the bytes it was decoded from.
    init(utf8 text: ByteReader) {
        text.storage.withUnsafeBufferPointer { buffer in
            // SAFETY: a ByteReader's position...limit always lies inside its storage.
            scan(UnsafeBufferPointer(rebasing: buffer[text.position..<text.limit]))
        }
    }

    private mutating func scan(_ b: UnsafeBufferPointer<UInt8>) {
        var i = 0
        var depth = 0
        var lastKey: (start: Int, end: Int)?
        var expectingKey = false
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        while i < b.count {
            let c = b[i]
            switch c {
            case UInt8(ascii: "{"):
                depth += 1
                expectingKey = true
                i += 1
            case UInt8(ascii: "["):
                depth += 1
                expectingKey = false
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                i += 1
            case UInt8(ascii: ","):
                // Inside an object a comma is followed by a key; inside an array it is not, which the parser cannot
                // tell without a stack, so a string after a comma counts as a key only if a colon follows it.
                expectingKey = true
                i += 1
            case quote:
                let start = i + 1
                let end = Self.closingQuote(b, from: start)
                i = end + 1
                var k = i
                while k < b.count, b[k] == 0x20 || b[k] == 0x0A || b[k] == 0x0D || b[k] == 0x09 { k += 1 }
                if expectingKey, k < b.count, b[k] == UInt8(ascii: ":") {
                    lastKey = (start, end)
                    i = k + 1
                } else if let key = lastKey, !Self.contains(b, backslash, in: start..<end) {
                    noteString(b, key: key, value: start..<end, depth: depth)
                    lastKey = nil
                } else {
                    lastKey = nil
                }
                expectingKey = false
                if isComplete { return }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                var j = i
                var value: Int64 = 0
                var negative = false
                var integral = true
                if b[j] == UInt8(ascii: "-") { negative = true; j += 1 }
                while j < b.count, b[j] >= UInt8(ascii: "0"), b[j] <= UInt8(ascii: "9") {
                    value = value &* 10 &+ Int64(b[j] - UInt8(ascii: "0"))
                    j += 1
                }
                if j < b.count, b[j] == UInt8(ascii: ".") || b[j] == UInt8(ascii: "e") || b[j] == UInt8(ascii: "E") {
                    integral = false
                }
                if let key = lastKey, integral { noteNumber(b, key: key, value: negative ? -value : value, depth: depth) }
                lastKey = nil
                expectingKey = false
                i = max(j, i + 1)
                if isComplete { return }
            default:
                i += 1
            }
        }
    }

    /// True once everything the reconstructor reads from this payload was found (MEDIA_STATUS needs its media
    /// session fields too), so the rest of a large payload is not scanned.
    private var isComplete: Bool {
        guard let type, requestID != nil else { return false }
        return type != CastMessageType.mediaStatus.rawValue
            || (mediaSessionID != nil && playerState != nil && (playerState != "IDLE" || idleReason != nil))
    }

    /// Index of the quote closing the string that starts at `start` (or `b.count`); memchr finds candidates and
    /// a quote preceded by an odd number of backslashes is escaped.
    private static func closingQuote(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = b.baseAddress else { return b.count }
        var from = start
        while from < b.count {
            guard let hit = memchr(base + from, 0x22, b.count - from) else { return b.count }
            let index = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            var backslashes = 0
            var k = index - 1
            while k >= start, b[k] == 0x5C {
                backslashes += 1
                k -= 1
            }
            if backslashes % 2 == 0 { return index }
            from = index + 1
        }
        return b.count
    }

    private static func contains(_ b: UnsafeBufferPointer<UInt8>, _ byte: UInt8, in range: Range<Int>) -> Bool {
        guard let base = b.baseAddress, !range.isEmpty else { return false }
        return memchr(base + range.lowerBound, Int32(byte), range.count) != nil
    }

    private static func equals(_ b: UnsafeBufferPointer<UInt8>, _ range: (start: Int, end: Int), _ key: StaticString)
        -> Bool {
        guard range.end - range.start == key.utf8CodeUnitCount else { return false }
        let pointer = key.utf8Start
        for index in 0..<key.utf8CodeUnitCount where b[range.start + index] != pointer[index] { return false }
        return true
    }

    private mutating func noteString(_ b: UnsafeBufferPointer<UInt8>, key: (start: Int, end: Int), value: Range<Int>,
                                     depth: Int) {
        if depth == 1, type == nil, Self.equals(b, key, "type") {
            type = String(decoding: UnsafeBufferPointer(rebasing: b[value]), as: UTF8.self)
        } else if playerState == nil, Self.equals(b, key, "playerState") {
            playerState = String(decoding: UnsafeBufferPointer(rebasing: b[value]), as: UTF8.self)
        } else if idleReason == nil, Self.equals(b, key, "idleReason") {
            idleReason = String(decoding: UnsafeBufferPointer(rebasing: b[value]), as: UTF8.self)
        }
    }

    private mutating func noteNumber(_ b: UnsafeBufferPointer<UInt8>, key: (start: Int, end: Int), value: Int64,
                                     depth: Int) {
        if depth == 1, requestID == nil, Self.equals(b, key, "requestId") {
            requestID = value
        } else if mediaSessionID == nil, Self.equals(b, key, "mediaSessionId") {
            mediaSessionID = value
        }
    }
}
