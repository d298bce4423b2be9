/// A TLS parse failure: what part, truncated-or-malformed, and the byte offset in the TLS stream.
public struct TLSParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Truncated (a length field points past its container) is kept apart from malformed.
    public enum Kind: Sendable, Hashable {
        /// `need` bytes were required but only `have` remained.
        case truncated(need: Int, have: Int)
        /// The bytes violate the format.
        case malformed(TLSMalformation)
    }

    /// What was being parsed.
    public var context: TLSParseContext
    /// What went wrong.
    public var kind: Kind
    /// Offset in the TLS byte stream (record headers included) of the field that failed.
    public var offset: Int

    /// Builds an error.
    public init(context: TLSParseContext, kind: Kind, offset: Int) {
        self.context = context
        self.kind = kind
        self.offset = offset
    }

    /// "ClientHello truncated at byte 47: need 32, have 10".
    public var description: String {
        switch kind {
        case .truncated(let need, let have): "\(context) truncated at byte \(offset): need \(need), have \(have)"
        case .malformed(let reason): "\(context) malformed at byte \(offset): \(reason)"
        }
    }
}
