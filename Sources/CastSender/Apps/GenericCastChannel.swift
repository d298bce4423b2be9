import CastLog
import CastWire

/// `GCKCastChannel` for any `urn:x-cast:` namespace (named apart from the CastChannel module): text and binary
/// messages to the app's transport once the session has connected it (seed 001's ad-insertion exchange).
/// Register it with `CastSession.add(_:)`; confined to the stack's event loop.
public final class GenericCastChannel: @unchecked Sendable {
    /// The namespace.
    public let namespace: String
    /// Told about messages and connection changes.
    public weak var delegate: (any GenericCastChannelDelegate)?
    /// Also told about text messages, for callers that prefer a closure.
    public var onTextMessage: ((String) -> Void)?
    /// `isConnected`.
    public private(set) var isConnected = false
    weak var session: CastSession?
    /// The session's log classes (the shared logger's once the session is gone).
    private var log: LogCategory { session?.options.log.castChannel ?? SenderLog.shared.castChannel }

    /// A channel for `namespace`; nil unless it starts with `urn:x-cast:` and is not a reserved Cast namespace.
    public init?(namespace: String) {
        let parsed = CastNamespace(rawValue: namespace)
        guard namespace.hasPrefix("urn:x-cast:"), namespace.count > 11, !parsed.isReserved else { return nil }
        self.namespace = namespace
    }

    /// `-sendTextMessage:error:`: throws ChannelNotConnected before the app transport is connected.
    public func sendTextMessage(_ message: String) throws(CastError) {
        guard isConnected, let session, let transportID = session.transportID else {
            throw CastError(.channelNotConnected, "\(namespace) is not connected")
        }
        if let error = session.sendText(message, namespace: namespace, to: transportID) { throw error }
        log.verbose("sent \(message)", session.metadata(namespace: namespace))
    }

    /// Sends a binary message (CASTV2_1_3 payload).
    public func sendBinaryMessage(_ bytes: [UInt8]) throws(CastError) {
        guard isConnected, let session, let transportID = session.transportID else {
            throw CastError(.channelNotConnected, "\(namespace) is not connected")
        }
        if let error = session.sendBinary(bytes, namespace: namespace, to: transportID) { throw error }
    }

    func connected() {
        guard !isConnected else { return }
        isConnected = true
        log.debug("didConnect", session?.metadata(namespace: namespace) ?? [:])
        delegate?.castChannelDidConnect(self)
    }

    func disconnected() {
        guard isConnected else { return }
        isConnected = false
        log.debug("didDisconnect", session?.metadata(namespace: namespace) ?? [:])
        delegate?.castChannelDidDisconnect(self)
    }

    func received(_ message: CastMessage) {
        if let text = message.payloadUTF8, message.payloadType == .string {
            log.verbose("received \(text)", session?.metadata(namespace: namespace) ?? [:])
            delegate?.castChannel(self, didReceiveTextMessage: text)
            onTextMessage?(text)
        } else if let bytes = message.payloadBinary {
            delegate?.castChannel(self, didReceiveBinaryMessage: bytes)
        }
    }
}
