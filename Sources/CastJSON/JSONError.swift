/// Why JSON text was rejected, and where.
public struct JSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The class of failure.
    public enum Kind: Sendable, Hashable {
        /// The text ended inside a value.
        case truncated
        /// The text is not JSON at this point.
        case malformed
        /// Arrays and objects nest deeper than the parser's limit.
        case tooDeep
    }

    /// The class of failure.
    public var kind: Kind
    /// Byte offset into the input where the fault was found.
    public var offset: Int
    /// What was expected or found.
    public var message: String

    /// An error of `kind` at `offset`.
    public init(_ kind: Kind, at offset: Int, _ message: String) {
        self.kind = kind
        self.offset = offset
        self.message = message
    }

    public var description: String { "JSON \(message) at byte \(offset)" }
}
