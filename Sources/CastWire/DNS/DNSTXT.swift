/// TXT record data (RFC 1035 §3.3.14, RFC 6763 §6): a list of length-prefixed byte strings.
///
/// The record data is kept as one slice (of the decoded message, without copying) and split on demand. An empty
/// RDATA reads as one empty string, as RFC 6763 §6.1 asks, and an empty list encodes as a single zero byte.
public struct DNSTXT: Sendable, Hashable {
    /// The raw RDATA: each string preceded by its length byte.
    public let rdata: ArraySlice<UInt8>

    /// Creates TXT data from strings of at most 255 bytes each.
    public init(strings: [[UInt8]]) {
        var bytes: [UInt8] = []
        for string in strings {
            precondition(string.count <= 255, "TXT character-strings are at most 255 bytes")
            bytes.append(UInt8(string.count))
            bytes.append(contentsOf: string)
        }
        rdata = bytes.isEmpty ? [0] : bytes[...]
    }

    /// Creates TXT data from UTF-8 strings such as `"id=…"`.
    public init(_ strings: [String]) {
        self.init(strings: strings.map { Array($0.utf8) })
    }

    /// Wraps RDATA whose length bytes were already checked to fill it exactly.
    init(validatedRDATA: ArraySlice<UInt8>) { rdata = validatedRDATA }

    /// Checks that the length bytes of `rdata` tile it exactly; returns the offset of the first bad byte otherwise.
    static func firstInvalidOffset(in rdata: ArraySlice<UInt8>) -> Int? {
        var index = rdata.startIndex
        while index < rdata.endIndex {
            let next = index + 1 + Int(rdata[index])
            if next > rdata.endIndex { return index }
            index = next
        }
        return nil
    }

    /// The strings in order (one empty string for empty RDATA).
    public var strings: [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        forEachString { result.append($0) }
        return result
    }

    /// Calls `body` with each string in order, without allocating.
    public func forEachString(_ body: (ArraySlice<UInt8>) throws -> Void) rethrows {
        if rdata.isEmpty {
            try body(rdata)
            return
        }
        var index = rdata.startIndex
        while index < rdata.endIndex {
            let end = min(rdata.endIndex, index + 1 + Int(rdata[index]))
            try body(rdata[index + 1..<end])
            index = end
        }
    }

}
