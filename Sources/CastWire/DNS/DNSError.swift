/// Why a DNS message could not be decoded, and where: the section, the entry index in it and the byte offset.
///
/// Offsets are absolute positions in the reader's storage; for a message decoded from its own `[UInt8]` they are
/// offsets from the first header byte.
public struct DNSError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong; `truncated` is the only kind that more bytes could have fixed.
    public enum Kind: Sendable, Hashable {
        /// The bytes ended inside a field (`needed` bytes were wanted, `available` were left).
        case truncated
        /// A compression pointer chain revisits a position, or jumps more often than any valid name could.
        case pointerLoop
        /// A compression pointer points at or beyond the end of the message.
        case pointerOutOfBounds
        /// A name is longer than 255 bytes in wire form (RFC 1035 §3.1).
        case nameTooLong
        /// A label length byte uses the reserved 0b01/0b10 prefixes (RFC 6891 §5 deprecated extended labels).
        case reservedLabelType
        /// The record data does not exactly fill its RDLENGTH.
        case rdataLengthMismatch
        /// The record data is structurally invalid for its type (e.g. an NSEC bitmap window of 0 or > 32 bytes).
        case malformedRecordData
    }

    /// What went wrong.
    public var kind: Kind
    /// The section being decoded.
    public var section: DNSSection
    /// Index of the question or record inside `section`, nil for the header.
    public var index: Int?
    /// Absolute byte offset of the fault.
    public var offset: Int
    /// For `truncated`: how many bytes the field needed.
    public var needed: Int?
    /// For `truncated`: how many bytes were left.
    public var available: Int?

    /// Creates an error.
    public init(_ kind: Kind, section: DNSSection, index: Int? = nil, offset: Int, needed: Int? = nil,
                available: Int? = nil) {
        self.kind = kind
        self.section = section
        self.index = index
        self.offset = offset
        self.needed = needed
        self.available = available
    }

    /// True when the message ended early rather than being malformed.
    public var isTruncated: Bool { kind == .truncated }

    /// A one-line explanation, e.g. "answer 2: truncated at byte 40: need 10, have 3".
    public var description: String {
        var where_ = section.rawValue
        if let index { where_ += " \(index)" }
        let what: String
        switch kind {
        case .truncated:
            if let needed, let available {
                what = "truncated at byte \(offset): need \(needed), have \(available)"
            } else {
                what = "truncated at byte \(offset)"
            }
        case .pointerLoop: what = "compression pointer loop at byte \(offset)"
        case .pointerOutOfBounds: what = "compression pointer out of bounds at byte \(offset)"
        case .nameTooLong: what = "name longer than 255 bytes at byte \(offset)"
        case .reservedLabelType: what = "reserved label type at byte \(offset)"
        case .rdataLengthMismatch: what = "record data does not match RDLENGTH at byte \(offset)"
        case .malformedRecordData: what = "malformed record data at byte \(offset)"
        }
        return "\(where_): \(what)"
    }

    /// The same error placed in `section` at `index` (decoders of names and rdata do not know where they are).
    func located(_ section: DNSSection, _ index: Int?) -> DNSError {
        var copy = self
        copy.section = section
        copy.index = index
        return copy
    }
}
