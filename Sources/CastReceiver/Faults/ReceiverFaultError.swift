/// Why a `--fault` spec was refused; the message names the spec and the accepted forms.
public struct ReceiverFaultError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the spec.
    public enum Kind: Sendable, Hashable {
        /// The name before `=` is not a known fault.
        case unknownFault
        /// The fault needs `=VALUE`.
        case missingValue
        /// `tls-alert` takes no value.
        case unexpectedValue
        /// The value is not a duration like `2s` or `500ms`.
        case invalidDuration
        /// The value is not a non-negative integer.
        case invalidCount
    }

    /// The spec as given.
    public var spec: String
    /// What is wrong.
    public var kind: Kind

    /// An error about `spec`.
    public init(spec: String, kind: Kind) {
        self.spec = spec
        self.kind = kind
    }

    /// `invalid fault "spec": reason`.
    public var description: String {
        let reason: String
        switch kind {
        case .unknownFault:
            reason = "unknown fault; known: " + ReceiverFault.knownNames.joined(separator: ", ")
        case .missingValue: reason = "needs =VALUE"
        case .unexpectedValue: reason = "takes no value"
        case .invalidDuration: reason = "value must be a duration such as 2s, 500ms or 1m"
        case .invalidCount: reason = "value must be a non-negative integer"
        }
        return "invalid fault \"\(spec)\": \(reason)"
    }
}
