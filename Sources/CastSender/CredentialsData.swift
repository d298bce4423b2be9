public import CastJSON

/// `GCKCredentialsData` (Cast Connect): user credentials for the receiver, sent with LAUNCH and LOAD.
/// Logged only through the redactor (design.md: `credentials` are secrets).
public struct CredentialsData: Sendable, Hashable {
    /// The credentials string.
    public var credentials: String
    /// The credentials type, e.g. `ios`, `android`, `web` (the SDK sets `ios`).
    public var credentialsType: String?

    /// Credentials of an optional type.
    public init(credentials: String, credentialsType: String? = nil) {
        self.credentials = credentials
        self.credentialsType = credentialsType
    }

    /// `{"credentials","credentialsType"}`.
    public var json: JSONObject {
        var object: JSONObject = ["credentials": .string(credentials)]
        if let credentialsType { object["credentialsType"] = .string(credentialsType) }
        return object
    }
}
