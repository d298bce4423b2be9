public import CastJSON
public import CastWire

/// A `GCKError`: a code with the SDK's name and integer plus what the receiver said (reason, detailed code,
/// custom data); request failures, failed session starts and session ends carry one.
public struct CastError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The SDK error code.
    public var code: CastErrorCode
    /// `kGCKErrorReasonKey`: the receiver's reason string (e.g. `NOT_FOUND`, `INVALID_SESSION_ID`).
    public var reason: String?
    /// `kGCKErrorDetailedCodeKey`: LOAD_FAILED's detailed code.
    public var detailedCode: MediaDetailedErrorCode?
    /// `kGCKErrorCustomDataKey`: the reply's `customData`.
    public var customData: JSONObject?
    /// What went wrong, for people.
    public var message: String

    /// An error with `code` and an optional explanation.
    public init(_ code: CastErrorCode, _ message: String = "", reason: String? = nil,
                detailedCode: MediaDetailedErrorCode? = nil, customData: JSONObject? = nil) {
        self.code = code
        self.message = message
        self.reason = reason
        self.detailedCode = detailedCode
        self.customData = customData
    }

    /// The error a LOAD_FAILED reply means: MediaLoadFailed with its detailed code.
    public init(loadFailed reply: LoadFailed) {
        self.init(.mediaLoadFailed, "the receiver could not load the media", reason: reply.reason,
                  detailedCode: reply.detailedErrorCode, customData: reply.unknown["customData"]?.objectValue)
    }

    /// The error an error reply means: INVALID_PLAYER_STATE, INVALID_REQUEST and LAUNCH_ERROR by reason,
    /// LOAD_CANCELLED and ERROR.
    public init(reply: CastErrorResponse) {
        let code: CastErrorCode
        switch reply.type {
        case .invalidPlayerState: code = .invalidMediaPlayerState
        case .invalidRequest: code = Self.invalidRequestCode(reason: reply.reason)
        case .launchError: code = Self.launchErrorCode(reason: reply.reason)
        case .loadCancelled: code = .cancelled
        case .error: code = .mediaError
        default: code = .unknown
        }
        // ERROR (playback failed after loading) and LOAD_CANCELLED may carry a detailed code too.
        let detailed = reply.unknown["detailedErrorCode"]?.intValue.map(MediaDetailedErrorCode.init(rawValue:))
        self.init(code, "the receiver answered \(reply.type.rawValue)", reason: reply.reason, detailedCode: detailed,
                  customData: reply.unknown["customData"]?.objectValue)
    }

    /// INVALID_REQUEST reasons: duplicate ids, unknown app or media sessions; anything else is InvalidRequest.
    static func invalidRequestCode(reason: String?) -> CastErrorCode {
        switch reason {
        case "DUPLICATE_REQUEST_ID": .duplicateRequest
        case "INVALID_SESSION_ID": .invalidApplicationSessionID
        case "INVALID_MEDIA_SESSION_ID": .noMediaSession
        default: .invalidRequest
        }
    }

    /// LAUNCH_ERROR reasons (BAD_PARAMETER, CANCELLED, NOT_ALLOWED, NOT_FOUND, CAST_INIT_TIMEOUT).
    static func launchErrorCode(reason: String?) -> CastErrorCode {
        switch reason {
        case "NOT_FOUND": .applicationNotFound
        case "CANCELLED": .launchRequestCancelled
        case "NOT_ALLOWED": .notAllowed
        case "CAST_INIT_TIMEOUT": .timeout
        case "BAD_PARAMETER": .invalidRequest
        default: .unknown
        }
    }

    /// `GCKErrorCodeMediaLoadFailed (30): … reason=… detailedCode=…`.
    public var description: String {
        var text = code.description
        if !message.isEmpty { text += ": \(message)" }
        if let reason { text += " reason=\(reason)" }
        if let detailedCode {
            text += " detailedCode=\(detailedCode)"
            if let (meaning, fix) = detailedCode.meaning { text += " (\(meaning); check: \(fix))" }
        }
        return text
    }
}
