import CastJSON
public import CastWire

/// A RECEIVER_STATUS saying the app session this sender is in has moved to another device (stream transfer).
///
/// Sources: seed 000 ("Stream transfer") gives only what the sender sees — media stops on the source device, goes
/// on on the destination, and the session resumes there (`didResumeCastSession`, with the destination in
/// `GCKCastSession.device`). protocol.md has no wire message for it (only the STREAM_TRANSFER bit 262144 of
/// `supportedMediaCommands`), and the device-to-device part (the Web Receiver's STORE_SESSION/RESUME_SESSION) does
/// not reach the sender (when the sender itself starts the move it drives that exchange: `SessionTransfer`). So the
/// signal here is the one the issue describes and castscope's emulator sends: the
/// source's RECEIVER_STATUS no longer lists the session and carries a `streamTransfer` member naming the session
/// and its destination:
/// `"status":{"applications":[…backdrop…],"streamTransfer":{"sessionId":"…","destination":{"deviceId":"…",
/// "friendlyName":"…","host":"192.0.2.7","port":8009}}, …}`. This member is castscope's, not a documented device
/// field; a real device's signal, once observed, belongs in this initializer alone.
public struct StreamTransferSignal: Sendable, Hashable {
    /// The app session that moved.
    public var sessionID: String
    /// The destination's device id.
    public var deviceID: String
    /// The destination's friendly name, when given.
    public var friendlyName: String?
    /// The destination's address (numeric), when given.
    public var host: String?
    /// The destination's Cast port, when given (8009 when only `host` is).
    public var port: UInt16?

    /// A signal with these fields.
    public init(
        sessionID: String, deviceID: String, friendlyName: String? = nil, host: String? = nil,
        port: UInt16? = nil
    ) {
        self.sessionID = sessionID
        self.deviceID = deviceID
        self.friendlyName = friendlyName
        self.host = host
        self.port = port
    }

    /// The transfer of `sessionID` that `status` reports; nil when it reports none, names another session, or
    /// still lists the session as running here.
    public init?(status: ReceiverStatus, sessionID: String?) {
        guard let sessionID, let body = status.status,
            !(body.applications ?? []).contains(where: { $0.sessionID == sessionID }),
            let transfer = body.unknown["streamTransfer"], transfer["sessionId"]?.stringValue == sessionID,
            let destination = transfer["destination"], let deviceID = destination["deviceId"]?.stringValue,
            !deviceID.isEmpty
        else { return nil }
        let port = destination["port"]?.intValue.flatMap { UInt16(exactly: $0) }
        self.init(
            sessionID: sessionID, deviceID: deviceID, friendlyName: destination["friendlyName"]?.stringValue,
            host: destination["host"]?.stringValue, port: port)
    }
}
