/// A domain name as a sequence of labels (RFC 1035 §3.1).
///
/// Labels are raw bytes: DNS-SD instance names may hold spaces, dots and UTF-8 (RFC 6763 §4.3), so nothing is
/// decoded until `description` renders the presentation form. A name decoded from a message is a view of that
/// message's bytes (compression pointers and all, validated once by the decoder), so decoding allocates nothing
/// per name; names built in code own their labels. Equality compares labels byte for byte, whatever the storage;
/// use `isEquivalent(to:)` for DNS's ASCII case-insensitive comparison.
public struct DNSName: Sendable {
    enum Storage: Sendable {
        /// Length-prefixed labels without the terminating zero byte.
        case owned([UInt8])
        /// A validated, possibly compressed name starting at `start` in `message`; pointers are relative to `base`.
        case compressed(message: [UInt8], start: Int, base: Int)
    }

    let storage: Storage
    /// Length of the labels in wire form, uncompressed, without the root byte.
    private let labelBytes: Int

    /// The longest name, in wire form including the root byte (RFC 1035 §2.3.4).
    public static let maximumWireLength = 255
    /// The longest label (RFC 1035 §2.3.4).
    public static let maximumLabelLength = 63

    /// The root name ".".
    public static let root = DNSName(uncheckedWire: [])

    /// Wraps bytes already known to be valid labels.
    init(uncheckedWire: [UInt8]) {
        storage = .owned(uncheckedWire)
        labelBytes = uncheckedWire.count
    }

    /// Views a name the decoder validated: walking it from `start` terminates within bounds after `length` bytes.
    init(validatedIn message: [UInt8], start: Int, base: Int, length: Int) {
        storage = .compressed(message: message, start: start, base: base)
        labelBytes = length
    }

    /// A name from its labels; nil when a label is empty or longer than 63 bytes or the name exceeds 255 bytes.
    public init?<Label: Collection>(labels: [Label]) where Label.Element == UInt8 {
        var bytes: [UInt8] = []
        for label in labels {
            guard !label.isEmpty, label.count <= DNSName.maximumLabelLength else { return nil }
            bytes.append(UInt8(label.count))
            bytes.append(contentsOf: label)
        }
        guard bytes.count + 1 <= DNSName.maximumWireLength else { return nil }
        self.init(uncheckedWire: bytes)
    }

    /// Calls `body` with each label, most specific first, without allocating.
    public func forEachLabel(_ body: (ArraySlice<UInt8>) throws -> Void) rethrows {
        let bytes = storageBytes
        try forEachLabelOffset { start, length in try body(bytes[start..<start + length]) }
    }

    /// The array the labels are read from: the owned wire, or the message a decoded name points into.
    var storageBytes: [UInt8] {
        switch storage {
        case .owned(let wire): wire
        case .compressed(let message, _, _): message
        }
    }

    /// Length-prefixed labels, uncompressed, without the terminating zero byte; empty for the root.
    public var wire: [UInt8] {
        if case .owned(let wire) = storage { return wire }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(labelBytes)
        forEachLabel { label in
            bytes.append(UInt8(label.count))
            bytes.append(contentsOf: label)
        }
        return bytes
    }

    /// Length in wire form, uncompressed, including the root byte.
    public var wireLength: Int { labelBytes + 1 }

    /// True for ".".
    public var isRoot: Bool { labelBytes == 0 }

    /// The labels, most specific first.
    public var labels: [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        forEachLabel { result.append($0) }
        return result
    }

    /// Number of labels (0 for the root).
    public var labelCount: Int {
        var count = 0
        forEachLabel { _ in count += 1 }
        return count
    }

    /// The name without its first `count` labels (the root when `count` ≥ `labelCount`).
    public func dropFirst(_ count: Int) -> DNSName {
        var bytes: [UInt8] = []
        var index = 0
        forEachLabel { label in
            if index >= count {
                bytes.append(UInt8(label.count))
                bytes.append(contentsOf: label)
            }
            index += 1
        }
        return DNSName(uncheckedWire: bytes)
    }

    /// True when the last labels are `suffix` (lower-case ASCII bytes), ignoring ASCII case: one walk over the
    /// label offsets keeping the last four, no allocation and no slice (this runs for every record of every mDNS
    /// message); a longer suffix takes a second walk.
    public func hasSuffix(ignoringCase suffix: [[UInt8]]) -> Bool {
        guard suffix.count <= 4 else { return hasLongSuffix(ignoringCase: suffix) }
        let (last, count) = lastFourLabels()
        return Self.labels(last, count: count, in: storageBytes, endWith: suffix)
    }

    /// The index of the first of `suffixes` (lower-case ASCII labels) that ends this name, ignoring ASCII case, or
    /// nil: one walk over the labels for all the suffixes of up to four labels (longer ones take `hasSuffix`'s two).
    public func matchingSuffix(ignoringCase suffixes: [[[UInt8]]]) -> Int? {
        let (last, count) = lastFourLabels()
        let bytes = storageBytes
        return suffixes.firstIndex { suffix in
            suffix.count <= 4
                ? Self.labels(last, count: count, in: bytes, endWith: suffix) : hasLongSuffix(ignoringCase: suffix)
        }
    }

    /// The last four labels' starts and lengths, packed `start << 8 | length` at index `label & 3` (a label is at
    /// most 63 bytes), and how many labels there are.
    private func lastFourLabels() -> (SIMD4<Int>, Int) {
        var count = 0
        var last = SIMD4<Int>()
        forEachLabelOffset { start, length in
            last[count & 3] = start << 8 | length
            count += 1
        }
        return (last, count)
    }

    /// True when the `count` labels whose last four are `last` end with `suffix` (at most four labels).
    static func labels<Bytes: RandomAccessCollection<UInt8>>(_ last: SIMD4<Int>, count: Int, in bytes: Bytes,
                                                             endWith suffix: [[UInt8]]) -> Bool
        where Bytes.Index == Int {
        guard count >= suffix.count else { return false }
        let first = count - suffix.count
        for index in first..<count {
            let packed = last[index & 3]
            guard label(at: packed >> 8, length: packed & 0xFF, in: bytes, is: suffix[index - first]) else {
                return false
            }
        }
        return true
    }

    /// `hasSuffix` for more than four labels: a walk to count them and one to compare.
    private func hasLongSuffix(ignoringCase suffix: [[UInt8]]) -> Bool {
        let bytes = storageBytes
        var count = 0
        forEachLabelOffset { _, _ in count += 1 }
        guard count >= suffix.count else { return false }
        let first = count - suffix.count
        var index = 0
        var result = true
        forEachLabelOffset { start, length in
            defer { index += 1 }
            if index >= first, result, !Self.label(at: start, length: length, in: bytes, is: suffix[index - first]) {
                result = false
            }
        }
        return result
    }

    /// True when the label at `start` (`length` bytes) of `bytes` is `wanted`, ignoring ASCII case.
    private static func label<Bytes: RandomAccessCollection<UInt8>>(at start: Int, length: Int, in bytes: Bytes,
                                                                    is wanted: [UInt8]) -> Bool
        where Bytes.Index == Int {
        guard wanted.count == length else { return false }
        for offset in 0..<length {
            let byte = bytes[start + offset]
            if (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) != wanted[offset] { return false }
        }
        return true
    }

    /// Calls `body` with each label's start and length in `storageBytes`, most specific first.
    func forEachLabelOffset(_ body: (Int, Int) throws -> Void) rethrows {
        switch storage {
        case .owned(let wire):
            try wire.withUnsafeBufferPointer { try Self.forEachLabelOffset(in: $0, from: 0, base: 0, body) }
        case .compressed(let message, let start, let base):
            try message.withUnsafeBufferPointer { try Self.forEachLabelOffset(in: $0, from: start, base: base, body) }
        }
    }

    /// Calls `body` with each label's start and length in `bytes`, walking a validated name from `start` (pointers
    /// relative to `base`; the walk also ends at the buffer's end, where an owned name's labels stop).
    @inline(__always)
    static func forEachLabelOffset(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, base: Int,
                                   _ body: (Int, Int) throws -> Void) rethrows {
        var index = start
        // SAFETY: the walk was validated when the name was decoded or built (in bounds, terminating); the index
        // checks and the step cap only guard misuse.
        for _ in 0..<(DNSName.maximumWireLength + DNSName.maximumStepsAfterJump) {
            guard index < bytes.count else { return }
            let byte = bytes[index]
            if byte == 0 { return }
            if byte & 0xC0 == 0xC0 {
                guard index + 1 < bytes.count else { return }
                index = base + Int(UInt16(byte & 0x3F) << 8 | UInt16(bytes[index + 1]))
                continue
            }
            let length = Int(byte)
            guard index + 1 + length <= bytes.count else { return }
            try body(index + 1, length)
            index += 1 + length
        }
    }

    /// True when some label after the first equals `ascii` (lower-case ASCII bytes), ignoring ASCII case.
    public func containsLabel(afterFirst ascii: [UInt8]) -> Bool {
        var index = 0
        var found = false
        forEachLabel { label in
            if index > 0, !found { found = DNSName.asciiEqualIgnoringCase(label, ascii[...]) }
            index += 1
        }
        return found
    }

    /// True when the label at `index` equals `ascii`, ignoring ASCII case.
    public func label(_ index: Int, equalsIgnoringCase ascii: String) -> Bool {
        var current = 0
        var result = false
        let target = Array(ascii.utf8)[...]
        forEachLabel { label in
            if current == index { result = DNSName.asciiEqualIgnoringCase(label, target) }
            current += 1
        }
        return result
    }

    /// DNS name equality: same labels, ASCII letters compared without case (RFC 4343).
    public func isEquivalent(to other: DNSName) -> Bool {
        labelBytes == other.labelBytes && DNSName.asciiEqualIgnoringCase(wire[...], other.wire[...])
    }

    /// A copy with ASCII letters lower-cased, for use as a case-insensitive key (one copy of the labels at most;
    /// an owned name already in lower case is itself).
    public var lowercased: DNSName {
        var bytes = wire
        for index in bytes.indices where bytes[index] >= 0x41 && bytes[index] <= 0x5A { bytes[index] |= 0x20 }
        return DNSName(uncheckedWire: bytes)
    }

    /// The name with labels of its own: a name decoded from a message points into it and keeps it alive.
    public var owned: DNSName {
        if case .owned = storage { return self }
        return DNSName(uncheckedWire: wire)
    }

    static func asciiEqualIgnoringCase(_ lhs: ArraySlice<UInt8>, _ rhs: ArraySlice<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (a, b) in zip(lhs, rhs) where a != b {
            let la = a >= 0x41 && a <= 0x5A ? a | 0x20 : a
            let lb = b >= 0x41 && b <= 0x5A ? b | 0x20 : b
            if la != lb { return false }
        }
        return true
    }
}

extension DNSName: Hashable {
    /// Same labels, byte for byte.
    public static func == (lhs: DNSName, rhs: DNSName) -> Bool {
        lhs.labelBytes == rhs.labelBytes && lhs.wire == rhs.wire
    }

    /// Hashes the uncompressed labels.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(labelBytes)
        // Label by label whatever the storage, so an owned name and a compressed view of it hash alike.
        forEachLabel { label in
            hasher.combine(label.count)
            label.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }
}
