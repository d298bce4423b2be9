public import CastJSON
import CastLog
import CastWire

extension ReceiverDevice {
    /// An app session leaving one emulated device for another (stream transfer): the app and its player as they
    /// are, like the session state a Web Receiver hands over with STORE_SESSION/RESUME_SESSION.
    public struct TransferredApp: Sendable {
        let definition: ReceiverAppDefinition
        /// The session id on the source device.
        public let sessionID: String
        let player: MediaPlayer?
    }

    /// The running app, ready to move; nil when only the idle screen runs.
    public var transferableApp: TransferredApp? {
        guard app.definition.behaviour != .idleScreen else { return nil }
        return TransferredApp(definition: app.definition, sessionID: app.sessionID, player: app.player)
    }

    /// Destination side: runs `moved` here as a new app session whose player goes on where the source stopped,
    /// and tells connected senders with a RECEIVER_STATUS.
    public mutating func resumeTransferredApp(_ moved: TransferredApp) -> [ReceiverAction] {
        var actions = launch(moved.definition)
        app.player = moved.player
        log.info(
            "stream transfer: resumed session \(moved.sessionID) as \(app.sessionID)",
            ["cast.app_id": .string(moved.definition.appID)])
        actions += replyAndBroadcast(
            receiverStatusPayload, namespace: .receiver, from: CastEndpointID.platformReceiver, requester: nil)
        return actions
    }

    /// A group's new leader: carries on `moved` under the same session id (the group's session outlives its
    /// leader), with its player where the old leader left it.
    public mutating func continueApp(_ moved: TransferredApp) -> [ReceiverAction] {
        var actions = launch(moved.definition)
        app.sessionID = moved.sessionID
        app.player = moved.player
        log.info("group session \(moved.sessionID) continues here", ["cast.app_id": .string(moved.definition.appID)])
        actions += replyAndBroadcast(
            receiverStatusPayload, namespace: .receiver, from: CastEndpointID.platformReceiver, requester: nil)
        return actions
    }

    /// Source side: the app session moved to `destination` (`deviceId`, `friendlyName`, `host`, `port`): back to
    /// the idle screen, CLOSE to the app's senders, and a RECEIVER_STATUS to every sender that names the session
    /// and its destination in a `streamTransfer` member — castscope's own signal, see `StreamTransferSignal` in
    /// CastSender for why no documented one is used.
    public mutating func transferAppOut(to destination: JSONObject) -> [ReceiverAction] {
        guard app.definition.behaviour != .idleScreen else { return [] }
        let movedSession = app.sessionID
        var actions = launch(.backdrop)
        var payload = receiverStatusPayload
        var status = payload["status"]?.objectValue ?? JSONObject()
        status["streamTransfer"] = ["sessionId": .string(movedSession), "destination": .object(destination)]
        payload["status"] = .object(status)
        log.info("stream transfer: session \(movedSession) moved away", ["cast.session": .string(movedSession)])
        actions += replyAndBroadcast(
            payload, namespace: .receiver, from: CastEndpointID.platformReceiver, requester: nil)
        return actions
    }
}
