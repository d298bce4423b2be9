/// A `GCKErrorCode`: the SDK's integer and name (protocol.md §1.5); unknown integers are kept.
public struct CastErrorCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The SDK's integer.
    public var rawValue: Int

    /// A code from its integer.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// 0 NoError.
    public static let noError = Self(rawValue: 0)
    /// 1 NetworkError.
    public static let networkError = Self(rawValue: 1)
    /// 2 Timeout.
    public static let timeout = Self(rawValue: 2)
    /// 3 DeviceAuthenticationFailure.
    public static let deviceAuthenticationFailure = Self(rawValue: 3)
    /// 4 InvalidRequest.
    public static let invalidRequest = Self(rawValue: 4)
    /// 5 Cancelled.
    public static let cancelled = Self(rawValue: 5)
    /// 6 Replaced.
    public static let replaced = Self(rawValue: 6)
    /// 7 NotAllowed.
    public static let notAllowed = Self(rawValue: 7)
    /// 8 DuplicateRequest.
    public static let duplicateRequest = Self(rawValue: 8)
    /// 9 InvalidState.
    public static let invalidState = Self(rawValue: 9)
    /// 11 MessageTooBig.
    public static let messageTooBig = Self(rawValue: 11)
    /// 12 ChannelNotConnected.
    public static let channelNotConnected = Self(rawValue: 12)
    /// 14 DeviceNotConnected.
    public static let deviceNotConnected = Self(rawValue: 14)
    /// 15 ProtocolVersionMismatch.
    public static let protocolVersionMismatch = Self(rawValue: 15)
    /// 17 NetworkNotReachable.
    public static let networkNotReachable = Self(rawValue: 17)
    /// 18 ProtocolError.
    public static let protocolError = Self(rawValue: 18)
    /// 20 ApplicationNotFound.
    public static let applicationNotFound = Self(rawValue: 20)
    /// 21 ApplicationNotRunning.
    public static let applicationNotRunning = Self(rawValue: 21)
    /// 22 InvalidApplicationSessionID.
    public static let invalidApplicationSessionID = Self(rawValue: 22)
    /// 23 SecureTransportError (TLS).
    public static let secureTransportError = Self(rawValue: 23)
    /// 27 InvalidResponse.
    public static let invalidResponse = Self(rawValue: 27)
    /// 28 FailedSessionUpdate.
    public static let failedSessionUpdate = Self(rawValue: 28)
    /// 29 SessionIsNotActive.
    public static let sessionIsNotActive = Self(rawValue: 29)
    /// 30 MediaLoadFailed.
    public static let mediaLoadFailed = Self(rawValue: 30)
    /// 31 InvalidMediaPlayerState.
    public static let invalidMediaPlayerState = Self(rawValue: 31)
    /// 32 NoMediaSession.
    public static let noMediaSession = Self(rawValue: 32)
    /// 34 MediaError.
    public static let mediaError = Self(rawValue: 34)
    /// 40 AuthenticationErrorReceived.
    public static let authenticationErrorReceived = Self(rawValue: 40)
    /// 43 DeviceCertificateNotTrusted.
    public static let deviceCertificateNotTrusted = Self(rawValue: 43)
    /// 45 MalformedAuthenticationResponse.
    public static let malformedAuthenticationResponse = Self(rawValue: 45)
    /// 92 Disconnected.
    public static let disconnected = Self(rawValue: 92)
    /// 93 UnsupportedFeature.
    public static let unsupportedFeature = Self(rawValue: 93)
    /// 99 Unknown.
    public static let unknown = Self(rawValue: 99)
    /// 100 DeviceAuthenticationMessageParseFailure.
    public static let deviceAuthenticationMessageParseFailure = Self(rawValue: 100)
    /// 102 DeviceAuthenticationTimeoutFailure.
    public static let deviceAuthenticationTimeoutFailure = Self(rawValue: 102)
    /// 103 LaunchRequestCancelled.
    public static let launchRequestCancelled = Self(rawValue: 103)

    /// Every SDK name by integer (GCKError.h, protocol.md §1.5).
    public static let names: [Int: String] = [
        0: "NoError", 1: "NetworkError", 2: "Timeout", 3: "DeviceAuthenticationFailure", 4: "InvalidRequest",
        5: "Cancelled", 6: "Replaced", 7: "NotAllowed", 8: "DuplicateRequest", 9: "InvalidState",
        10: "SendBufferFull", 11: "MessageTooBig", 12: "ChannelNotConnected", 13: "DeviceAuthorizationFailure",
        14: "DeviceNotConnected", 15: "ProtocolVersionMismatch", 16: "MaxUsersConnected", 17: "NetworkNotReachable",
        18: "ProtocolError", 19: "AlreadyInitialized", 20: "ApplicationNotFound", 21: "ApplicationNotRunning",
        22: "InvalidApplicationSessionID", 23: "SecureTransportError", 24: "SocketAlreadyConnected",
        25: "SocketInvalidAddress", 26: "SocketInvalidParameter", 27: "InvalidResponse", 28: "FailedSessionUpdate",
        29: "SessionIsNotActive", 30: "MediaLoadFailed", 31: "InvalidMediaPlayerState", 32: "NoMediaSession",
        33: "NotCastSession", 34: "MediaError", 40: "AuthenticationErrorReceived", 41: "MalformedClientCertificate",
        42: "NotX509Certificate", 43: "DeviceCertificateNotTrusted", 44: "SSLCertificateNotTrusted",
        45: "MalformedAuthenticationResponse", 46: "DeviceCapabilityNotSupported", 47: "CRLInvalid",
        48: "CRLCheckFailed", 50: "BroadcastMessageEncryptionFailed", 51: "BroadcastKeyExchangeInvalidResponse",
        52: "BroadcastKeyExchangeInvalidInput", 53: "BroadcastKeyExchangeEmptyResponse",
        54: "BroadcastKeyExchangeRequestTimeout", 55: "BroadcastKeyExchangeFailedToFindDevice",
        56: "BroadcastKeyExchangeFailedToConnect", 57: "BroadcastMessageDropped", 58: "BroadcastSocketError",
        59: "BroadcastFailedToGenerateEncryptionKey", 60: "GuestModeListenFailed", 80: "RemoteDisplayError",
        81: "RemoteDisplayDeviceNotSupported", 82: "RemoteDisplayFeatureNotSupported",
        83: "RemoteDisplayConfigurationRejectedByReceiver", 84: "RemoteDisplayOpenGLError",
        85: "RemoteDisplayMetalError", 86: "RemoteDisplayAudioConversionError", 91: "AppDidEnterBackground",
        92: "Disconnected", 93: "UnsupportedFeature", 99: "Unknown", 100: "DeviceAuthenticationMessageParseFailure",
        101: "DeviceAuthenticationMessageChallengeReceivedFailure", 102: "DeviceAuthenticationTimeoutFailure",
        103: "LaunchRequestCancelled",
    ]

    /// The SDK name without the `GCKErrorCode` prefix, e.g. `MediaLoadFailed`; `Code<n>` for unknown integers.
    public var name: String { Self.names[rawValue] ?? "Code\(rawValue)" }

    /// `GCKErrorCodeMediaLoadFailed (30)`.
    public var description: String { "GCKErrorCode\(name) (\(rawValue))" }
}
