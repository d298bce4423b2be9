public import CastTLS
public import CastWire

/// Why device authentication failed: Chromium's `ChallengeReplyError` taxonomy (protocol.md §2.5), where the
/// reply checks come from CastTLS and the message-level ones (payload type, parsing, timeout) are added here.
public struct DeviceAuthError: Error, Sendable, CustomStringConvertible {
    /// The failure classes.
    public enum Kind: Sendable {
        /// The reply was a STRING message (WRONG_PAYLOAD_TYPE).
        case wrongPayloadType
        /// The reply had no binary payload (NO_PAYLOAD).
        case noPayload
        /// The payload is not a `DeviceAuthMessage` (PAYLOAD_PARSING_FAILED).
        case payloadParsingFailed(ProtobufError)
        /// No reply within the timeout (Chromium's auth timeout; reported as NO_RESPONSE).
        case timedOut
        /// The channel closed before the reply arrived (NO_RESPONSE).
        case channelClosed
        /// The challenge could not be made or sent (no randomness, socket not open).
        case challengeNotSent(String)
        /// The reply failed a check of `DeviceAuthVerifier`.
        case reply(ChallengeReplyError)
    }

    /// What went wrong.
    public var kind: Kind

    /// An error of `kind`.
    public init(_ kind: Kind) { self.kind = kind }

    /// Chromium's `ChallengeReplyError` name.
    public var chromiumName: String {
        switch kind {
        case .wrongPayloadType: "WRONG_PAYLOAD_TYPE"
        case .noPayload: "NO_PAYLOAD"
        case .payloadParsingFailed: "PAYLOAD_PARSING_FAILED"
        case .timedOut, .channelClosed: "NO_RESPONSE"
        case .challengeNotSent: "NONE"
        case .reply(let error): error.chromiumName
        }
    }

    /// `NAME: detail`.
    public var description: String {
        switch kind {
        case .wrongPayloadType: "\(chromiumName): the reply is not a binary message"
        case .noPayload: "\(chromiumName): the reply has no payload"
        case .payloadParsingFailed(let error): "\(chromiumName): \(error)"
        case .timedOut: "\(chromiumName): no device-auth reply before the timeout"
        case .channelClosed: "\(chromiumName): the channel closed before the device-auth reply"
        case .challengeNotSent(let why): "challenge not sent: \(why)"
        case .reply(let error): "\(chromiumName): \(error)"
        }
    }
}
