extension DNSName {
    /// Walks a name's labels one at a time without allocating (`forEachLabel` as an iterator), so two names can be
    /// compared label by label.
    struct LabelCursor {
        private let storage: Storage
        private var index: Int
        private var steps = 0

        init(_ name: DNSName) {
            storage = name.storage
            switch name.storage {
            case .owned: index = 0
            case .compressed(_, let start, _): index = start
            }
        }

        /// The next label, nil after the last.
        mutating func next() -> ArraySlice<UInt8>? {
            switch storage {
            case .owned(let wire):
                guard index < wire.count else { return nil }
                let length = Int(wire[index])
                defer { index += 1 + length }
                return wire[index + 1..<index + 1 + length]
            case .compressed(let message, _, let base):
                // SAFETY: the decoder validated this walk (bounds, termination); the step cap only guards misuse.
                while steps < DNSName.maximumWireLength + DNSName.maximumStepsAfterJump {
                    steps += 1
                    let byte = message[index]
                    if byte == 0 { return nil }
                    if byte & 0xC0 == 0xC0 {
                        index = base + Int(UInt16(byte & 0x3F) << 8 | UInt16(message[index + 1]))
                        continue
                    }
                    defer { index += 1 + Int(byte) }
                    return message[index + 1..<index + 1 + Int(byte)]
                }
                return nil
            }
        }
    }

    /// The name as a dictionary key that ignores ASCII case (RFC 4343): hashing and comparing fold case on the
    /// fly, so a lookup with a name still pointing into its message allocates nothing. Keep `stored` keys in
    /// long-lived tables (an owned, lower-cased copy, not a view that holds the whole message).
    public struct CaseInsensitiveKey: Hashable, Sendable {
        /// The name as given.
        public let name: DNSName

        /// A key for `name`.
        public init(_ name: DNSName) { self.name = name }

        /// A key to keep: the name copied, lower-cased.
        public var stored: CaseInsensitiveKey { CaseInsensitiveKey(name.lowercased) }

        public static func == (lhs: Self, rhs: Self) -> Bool {
            guard lhs.name.wireLength == rhs.name.wireLength else { return false }
            // A look-up compares a name in its packet with a stored (owned) key: one walk, no slices.
            if case .owned(let wire) = rhs.name.storage { return lhs.name.equalsIgnoringCase(wire: wire) }
            if case .owned(let wire) = lhs.name.storage { return rhs.name.equalsIgnoringCase(wire: wire) }
            var left = LabelCursor(lhs.name), right = LabelCursor(rhs.name)
            while true {
                switch (left.next(), right.next()) {
                case (nil, nil): return true
                case let (a?, b?): if !DNSName.asciiEqualIgnoringCase(a, b) { return false }
                default: return false
                }
            }
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(name.wireLength)
            name.forEachLabel { label in
                // Folded bytes packed eight to a word: one combine per word, no buffer.
                var word: UInt64 = UInt64(label.count)
                var filled = 1
                for byte in label {
                    let folded = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                    word = word << 8 | UInt64(folded)
                    filled += 1
                    if filled == 8 {
                        hasher.combine(word)
                        word = 0
                        filled = 0
                    }
                }
                if filled > 0 { hasher.combine(word) }
            }
        }
    }
}

extension DNSName {
    /// True when the labels equal the length-prefixed labels `wire` (an owned name's storage), ignoring ASCII case.
    func equalsIgnoringCase(wire: [UInt8]) -> Bool {
        let bytes = storageBytes
        var position = 0
        var equal = true
        forEachLabelOffset { start, length in
            guard equal else { return }
            guard position + 1 + length <= wire.count, Int(wire[position]) == length else {
                equal = false
                return
            }
            for offset in 0..<length {
                let a = bytes[start + offset], b = wire[position + 1 + offset]
                if a != b, (a >= 0x41 && a <= 0x5A ? a | 0x20 : a) != (b >= 0x41 && b <= 0x5A ? b | 0x20 : b) {
                    equal = false
                    return
                }
            }
            position += 1 + length
        }
        return equal && position == wire.count
    }
}
