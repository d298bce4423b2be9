/// Something a decoder accepted, as tshark and real resolvers do, but that a strict peer may reject.
public struct DNSWarning: Sendable, Hashable, CustomStringConvertible {
    /// What was noticed.
    public enum Kind: String, Sendable, Hashable {
        /// A compression pointer points forward (RFC 1035 §4.1.4 only describes pointers to prior occurrences).
        case forwardPointer
        /// Bytes follow the last record the header counts announce.
        case trailingBytes
    }

    /// What was noticed.
    public var kind: Kind
    /// Where it was noticed.
    public var section: DNSSection
    /// Index of the question or record inside `section`.
    public var index: Int?
    /// Absolute byte offset (of the pointer, or of the first trailing byte).
    public var offset: Int

    /// Creates a warning.
    public init(_ kind: Kind, section: DNSSection, index: Int?, offset: Int) {
        self.kind = kind
        self.section = section
        self.index = index
        self.offset = offset
    }

    /// A one-line explanation.
    public var description: String {
        var where_ = section.rawValue
        if let index { where_ += " \(index)" }
        switch kind {
        case .forwardPointer: return "\(where_): forward compression pointer at byte \(offset)"
        case .trailingBytes: return "\(where_): trailing bytes after the last record at byte \(offset)"
        }
    }
}
