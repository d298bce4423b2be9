public import CastJSON

/// What the inspector made of a device's AuthResponse: who the device is, what it may play, and the verdict.
public struct DeviceAuthSummary: Sendable, Hashable {
    /// Whether the response's signature was checked, and how it went.
    public enum Signature: String, Sendable, Hashable {
        /// It verifies over `sender_nonce || DER(TLS certificate)` with the device certificate's key.
        case valid
        /// It does not (`auth.bad-signature`).
        case invalid
        /// It could not be checked (`note` says why): no TLS certificate or challenge in the capture, or an
        /// algorithm the inspector does not check.
        case unchecked
    }

    /// The device certificate's commonName.
    public var commonName: String?
    /// `unrestricted` or `audio-only` when the chain is trusted; nil when it is not (the policy is not known then).
    public var policy: String?
    /// `trusted` (the chain verifies) or `untrusted`.
    public var verdict: String
    /// The chain failure's stable code (`DeviceTrustFailure.Reason`), nil when trusted.
    public var reason: String?
    /// The signature check.
    public var signature: Signature
    /// Why the signature was not checked, when it was not.
    public var note: String?

    /// A summary from its parts.
    public init(commonName: String?, policy: String?, verdict: String, reason: String?, signature: Signature,
                note: String? = nil) {
        self.commonName = commonName
        self.policy = policy
        self.verdict = verdict
        self.reason = reason
        self.signature = signature
        self.note = note
    }

    /// The `deviceAuth` object of the `--json` output.
    public var json: JSONValue {
        var object = JSONObject()
        object.appendUnchecked("commonName", commonName.map { .string($0) } ?? .null)
        object.appendUnchecked("policy", policy.map { .string($0) } ?? .null)
        object.appendUnchecked("verdict", .string(verdict))
        object.appendUnchecked("reason", reason.map { .string($0) } ?? .null)
        object.appendUnchecked("signature", .string(signature.rawValue))
        if let note { object.appendUnchecked("note", .string(note)) }
        return .object(object)
    }

    /// One line for people: `"Test Device", audio-only, trusted, signature valid`.
    public var text: String {
        var parts = ["\"\(commonName ?? "?")\""]
        if let policy { parts.append(policy) }
        parts.append(reason.map { "\(verdict) (\($0))" } ?? verdict)
        parts.append("signature \(signature.rawValue)" + (note.map { " (\($0))" } ?? ""))
        return parts.joined(separator: ", ")
    }
}
