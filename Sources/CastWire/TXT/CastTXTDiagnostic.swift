/// A problem found in a Cast TXT record; the value is still kept so a report can show it.
public struct CastTXTDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: String, Sendable, Hashable {
        /// `id` is not a UUID at all: pychromecast ignores the device.
        case invalidID
        /// `id` is a hyphenated UUID rather than the 32 hex digits Cast devices send.
        case nonCanonicalID
        /// `ve` is not a number from 2 to 99.
        case invalidVersion
        /// `ca` is not a decimal number.
        case invalidCapabilities
        /// `st` is neither 0 nor 1.
        case invalidStatus
        /// A key appears more than once; the first occurrence wins (RFC 6763 §6.4).
        case duplicateKey
        /// A string has no `=`; for Cast keys a value is expected.
        case keyWithoutValue
        /// A string starts with `=` (RFC 6763 §6.4 says to ignore it).
        case emptyKey
        /// A value is not valid UTF-8 (shown with replacement characters).
        case invalidUTF8
        /// A key Cast clients require is absent.
        case missingKey
    }

    /// What is wrong.
    public var kind: Kind
    /// The key concerned (as written), empty for `emptyKey`.
    public var key: String
    /// Index of the TXT string concerned, nil for `missingKey`.
    public var stringIndex: Int?
    /// A sentence for people.
    public var message: String

    /// Creates a diagnostic.
    public init(_ kind: Kind, key: String, stringIndex: Int?, message: String) {
        self.kind = kind
        self.key = key
        self.stringIndex = stringIndex
        self.message = message
    }

    /// The message, prefixed with the key.
    public var description: String { key.isEmpty ? message : "\(key): \(message)" }
}
