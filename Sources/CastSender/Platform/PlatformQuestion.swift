public import CastJSON
public import CastWire

/// One request a `CastPlatformClient` query sends to `receiver-0`, and the reply types that answer it.
public struct PlatformQuestion: Sendable {
    /// The namespace it goes on (receiver, multizone).
    public var namespace: CastNamespace
    /// The payload; the query sets `requestId`.
    public var payload: JSONObject
    /// `type` (or `responseType`) values that answer it; error replies (INVALID_REQUEST, …) always do.
    public var replyTypes: Set<String>
    /// Also an answer: an unsolicited message from receiver-0 (to this sender or to `*`, any `requestId`) for which
    /// this says true — a device may broadcast the DEVICE_UPDATED a SET_DEVICE_VOLUME causes instead of replying.
    public var alsoAnsweredBy: (@Sendable (JSONValue) -> Bool)?

    /// A question whose answer has one of `replyTypes`.
    public init(namespace: CastNamespace, payload: JSONObject, replyTypes: [CastMessageType],
                alsoAnsweredBy: (@Sendable (JSONValue) -> Bool)? = nil) {
        self.alsoAnsweredBy = alsoAnsweredBy
        self.namespace = namespace
        self.payload = payload
        self.replyTypes = Set((replyTypes + CastErrorResponse.types).map(\.rawValue))
    }
}

/// What a query ends with: each question's answer, in order (nil for one that got none), and why it stopped
/// before every answer came (connect, TLS, device authentication, CLOSE, timeout), nil when all came.
public struct PlatformAnswers: Sendable {
    /// The answers, one per question.
    public var replies: [JSONValue?]
    /// Why some are missing.
    public var failure: String?

    /// Answers.
    public init(replies: [JSONValue?], failure: String?) {
        self.replies = replies
        self.failure = failure
    }
}
