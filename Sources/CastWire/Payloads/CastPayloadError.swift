public import CastJSON

/// Why a JSON payload does not fit its Cast message model, naming the key path (`payload.status[0].volume.level`).
public struct CastPayloadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The failure classes.
    public enum Kind: Sendable, Hashable {
        /// `payload_utf8` is not JSON text.
        case notJSON(JSONError)
        /// A key holds a value of another JSON type than the model needs.
        case wrongType(expected: String, found: String)
        /// A key the model cannot do without is absent.
        case missingKey
        /// The value has the right type but is not acceptable (e.g. a `type` for another message).
        case invalidValue(String)
    }

    /// What went wrong.
    public var kind: Kind
    /// Where: `payload` followed by member names and array indexes.
    public var path: String

    /// An error of `kind` at `path`.
    public init(_ kind: Kind, path: String) {
        self.kind = kind
        self.path = path
    }

    /// `<path>: <why>`.
    public var description: String {
        switch kind {
        case let .notJSON(error): "\(path): not JSON: \(error)"
        case let .wrongType(expected, found): "\(path): expected \(expected), found \(found)"
        case .missingKey: "\(path): required key missing"
        case let .invalidValue(why): "\(path): \(why)"
        }
    }
}
