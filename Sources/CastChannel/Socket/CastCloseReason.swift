public import CastNet
public import CastTLS
public import CastWire

/// Why a `CastSocket` closed, with Chromium's `ChannelError` name for logs (protocol.md §2.6).
public enum CastCloseReason: Sendable, CustomStringConvertible {
    /// Our side called `close()`.
    case closedLocally
    /// The peer ended the stream (TLS close_notify or TCP FIN).
    case closedByPeer
    /// An inbound frame was over 64 KiB, empty or not a `CastMessage` (INVALID_MESSAGE).
    case invalidMessage(FramingError)
    /// TLS failed: a bad handshake, garbage, or an alert from the peer.
    case tls(TLSError)
    /// The transport failed (reset, timeout…).
    case transport(IOError)
    /// Nothing arrived for the heartbeat's liveness timeout (PING_TIMEOUT).
    case pingTimeout
    /// Device authentication failed (AUTHENTICATION_ERROR).
    case authentication(DeviceAuthError)

    /// Chromium's `ChannelError` for this reason (`NONE` for orderly closes).
    public var channelError: String {
        switch self {
        case .closedLocally, .closedByPeer: "NONE"
        case .invalidMessage: "INVALID_MESSAGE"
        case .tls: "CAST_SOCKET_ERROR"
        case .transport: "TRANSPORT_ERROR"
        case .pingTimeout: "PING_TIMEOUT"
        case .authentication: "AUTHENTICATION_ERROR"
        }
    }

    /// True when the channel closed because something went wrong.
    public var isError: Bool {
        switch self {
        case .closedLocally, .closedByPeer: false
        default: true
        }
    }

    /// `CHANNEL_ERROR: detail`, or a plain phrase for orderly closes.
    public var description: String {
        switch self {
        case .closedLocally: "closed locally"
        case .closedByPeer: "closed by peer"
        case .invalidMessage(let error): "\(channelError): \(error)"
        case .tls(let error): "\(channelError): \(error)"
        case .transport(let error): "\(channelError): \(error)"
        case .pingTimeout: "\(channelError): no message within the liveness timeout"
        case .authentication(let error): "\(channelError): \(error)"
        }
    }
}
