import CastDiscovery
import CastJSON
import CastLog
import CastWire

/// A stream transfer the sender drives with the Web Receiver's documented media messages (facts from
/// https://developers.google.com/cast/docs/reference/web_receiver/cast.framework.messages.StoreSessionRequestData,
/// …StoreSessionResponseData, …ResumeSessionRequestData and …SessionState):
///
/// 1. STORE_SESSION on the source's media channel, answered by SESSION_STATE carrying `sessionState`
///    (`{loadRequestData, customData}`);
/// 2. a helper session on the destination launches (or joins) the same app and sends RESUME_SESSION with that
///    `sessionState`, answered by MEDIA_STATUS;
/// 3. STOP of the app on the source, then the current session moves to the destination exactly as when it follows
///    a `StreamTransferSignal` — didUpdateDevice, willResume, didResume with `device` the destination — and the
///    helper hangs up without stopping the app.
///
/// Any failure before step 3 leaves the source session as it was (a destination app the helper launched is
/// stopped again) and reports the `CastError`. Confined to the stack's event loop; the completion runs once.
final class SessionTransfer: SessionManagerListener, @unchecked Sendable {
    let manager: SessionManager
    let source: CastSession
    let destination: Device
    private var completion: ((Result<CastSession, CastError>) -> Void)?
    private var helperManager: SessionManager?
    private var helper: CastSession?
    private var storeRequestID: Int64?
    private var sessionState: JSONValue?
    /// True from the STOP on the source until the session moved: its RECEIVER_STATUS then must not end it.
    private(set) var stoppingSource = false
    private var moving = false
    /// Held until the completion ran and the helper session is over, so neither outlives its driver unseen.
    private var keepAlive: SessionTransfer?

    init(manager: SessionManager, source: CastSession, destination: Device,
         completion: @escaping (Result<CastSession, CastError>) -> Void) {
        self.manager = manager
        self.source = source
        self.destination = destination
        self.completion = completion
    }

    private var fields: LogMetadata {
        var fields = source.metadata()
        fields.append("cast.destination", .string(destination.deviceID))
        return fields
    }

    /// Step 1: STORE_SESSION on the source's media channel.
    func begin() {
        guard source.connectionState == .connected, source.remoteMediaClient.connected,
            let transportID = source.transportID
        else { return finish(.failure(CastError(.sessionIsNotActive, "no connected app session to transfer"))) }
        guard destination.deviceID != source.machine.deviceID else {
            return finish(.failure(CastError(.invalidRequest, "the session already runs on \(destination.deviceID)")))
        }
        guard source.documentedTransfer == nil else {
            return finish(.failure(CastError(.duplicateRequest, "a transfer of this session is under way")))
        }
        keepAlive = self
        source.documentedTransfer = self
        manager.add(self)
        let request = source.requests.start(CastMessageType.storeSession.rawValue, group: "transfer", namespace: CastNamespace.media.rawValue,
                                            peer: transportID)
        storeRequestID = request.requestID
        var payload: JSONObject = [CastPayloadField.type: CastMessageType.storeSession.json, "requestId": .int(request.requestID)]
        if let mediaSessionID = source.remoteMediaClient.state.mediaSessionID {
            payload["mediaSessionId"] = .int(mediaSessionID)
        }
        manager.options.log.session.info(
            "stream transfer to \(destination.friendlyName) (\(destination.deviceID)): STORE_SESSION", fields)
        source.sendJSON(.object(payload), namespace: CastNamespace.media.rawValue, to: transportID,
                        log: manager.options.log.mediaControlChannel)
        request.whenFinished { [self] outcome in
            switch outcome {
            case .completed:
                guard sessionState != nil else {
                    return finish(.failure(CastError(.invalidResponse, "STORE_SESSION answered without state")))
                }
                startHelper()
            case let .failed(error): finish(.failure(error))
            case let .aborted(reason): finish(.failure(CastError(.cancelled, "STORE_SESSION \(reason)")))
            }
        }
    }

    /// The source's SESSION_STATE answering our STORE_SESSION: keeps `sessionState` and ends the request. True
    /// when the message was that answer (handled here); other media messages go on to the media client.
    func intercept(_ payload: CastPayload, from endpoint: String) -> Bool {
        guard case let .other(_, json) = payload, json.castMessageType == .sessionState,
            let id = json.castRequestID, id == storeRequestID
        else { return false }
        guard let state = json["sessionState"], state.objectValue != nil else {
            let error = CastError(.invalidResponse, "SESSION_STATE without a sessionState object")
            source.requests.reply(id, .failed(error), namespace: CastNamespace.media.rawValue, source: endpoint)
            return true
        }
        sessionState = state
        if !source.requests.reply(id, .completed, namespace: CastNamespace.media.rawValue, source: endpoint) {
            sessionState = nil
        }
        return true
    }

    /// Step 2: a session on the destination, kept out of the app's listeners (its own manager), that never stops
    /// the app when it ends and never writes the resume file.
    private func startHelper() {
        var options = manager.options
        options.stopReceiverApplicationWhenEndingSession = false
        options.joinOnly = false
        options.resumeFilePath = nil
        let helperManager = SessionManager(options: options, eventLoop: manager.eventLoop, clock: manager.clock,
                                           tls: manager.tls, transportFactory: manager.transportFactory)
        self.helperManager = helperManager
        helperManager.add(self)
        manager.options.log.sessionManager.info(
            "stream transfer: starting the app on \(destination.friendlyName) (\(destination.deviceID))", fields)
        helperManager.startSession(with: destination)
    }

    private func sendResume(on helper: CastSession) {
        guard let transportID = helper.transportID, helper.remoteMediaClient.connected, let sessionState else {
            return abandonHelper(CastError(.applicationNotRunning, "the destination app has no media channel"))
        }
        let request = helper.requests.start(CastMessageType.resumeSession.rawValue, group: "transfer",
                                            namespace: CastNamespace.media.rawValue, peer: transportID)
        let payload: JSONObject = [
            CastPayloadField.type: CastMessageType.resumeSession.json, "requestId": .int(request.requestID), "sessionState": sessionState,
        ]
        manager.options.log.session.info("stream transfer: RESUME_SESSION on \(destination.deviceID)", helper.metadata())
        helper.sendJSON(.object(payload), namespace: CastNamespace.media.rawValue, to: transportID,
                        log: manager.options.log.mediaControlChannel)
        request.whenFinished { [self] outcome in
            switch outcome {
            case .completed: stopSource()
            case let .failed(error): abandonHelper(error)
            case let .aborted(reason): abandonHelper(CastError(.cancelled, "RESUME_SESSION \(reason)"))
            }
        }
    }

    /// Step 3: the media plays on the destination; STOP the app here, then move the session whatever the STOP's
    /// outcome (a source that keeps playing is logged, the session has moved all the same).
    private func stopSource() {
        guard source.connectionState == .connected, let sessionID = source.sessionID else {
            return abandonHelper(CastError(.sessionIsNotActive, "the source session ended during the transfer"))
        }
        stoppingSource = true
        var stop = ReceiverRequest(type: .stop)
        stop.sessionID = sessionID
        manager.options.log.receiverControlChannel.info("STOP \(sessionID) (moved to \(destination.deviceID))", fields)
        source.receiverRequest(.stop, stop, timeout: CastSession.stopReplyTimeout).whenFinished { [self] outcome in
            if case let .failed(error) = outcome {
                manager.options.log.session.warning("stream transfer: STOP on the source failed: \(error)", fields)
            }
            move()
        }
    }

    private func move() {
        stoppingSource = false
        source.documentedTransfer = nil
        guard source.machine.state == .connected else {
            // The STOP went out, so the source app is (most likely) gone: keep the media playing on the destination.
            finish(.failure(CastError(.sessionIsNotActive, "the source session ended while its app was stopped")))
            return endHelper(stopCasting: false)
        }
        manager.options.log.session.info(
            "stream transfer: session moves to \(destination.friendlyName) (\(destination.deviceID))", fields)
        moving = true
        let actions = source.machine.transferred(to: destination.deviceID)
        source.device = destination
        source.requests.deviceChanged(to: destination.deviceID)
        source.feed(actions)
    }

    /// A failure once the helper exists: it stops the app it started on the destination and hangs up.
    private func abandonHelper(_ error: CastError) {
        finish(.failure(error))
        endHelper(stopCasting: true)
    }

    /// Ends the helper session (its didEnd or didFailToStart then releases this transfer), or releases at once
    /// when there is none left to end.
    private func endHelper(stopCasting: Bool) {
        guard let helperManager, let session = helperManager.currentCastSession,
            session.machine.state != .ended, session.machine.state != .failed,
            helperManager.endSessionAndStopCasting(stopCasting)
        else { return release() }
    }

    private func finish(_ result: Result<CastSession, CastError>) {
        guard let completion else { return }
        self.completion = nil
        stoppingSource = false
        if source.documentedTransfer === self { source.documentedTransfer = nil }
        manager.remove(self)
        switch result {
        case .success: manager.options.log.sessionManager.info("stream transfer done", source.metadata())
        case let .failure(error):
            manager.options.log.sessionManager.warning("stream transfer failed: \(error); the session stays", fields)
        }
        completion(result)
        if helperManager == nil { release() }
    }

    private func release() {
        helperManager?.remove(self)
        helper = nil
        keepAlive = nil
    }

    // MARK: Listener (the app's manager for the source, the helper's manager for the destination)

    func sessionManager(_ manager: SessionManager, didStart session: CastSession) {
        guard manager === helperManager else { return }
        helper = session
        sendResume(on: session)
    }

    func sessionManager(_ manager: SessionManager, didFailToStart session: CastSession, withError error: CastError) {
        guard manager === helperManager else { return }
        finish(.failure(error))
        release()
    }

    func sessionManager(_ manager: SessionManager, didResume session: CastSession) {
        guard manager === self.manager, session === source, moving else { return }
        finish(.success(session))
        endHelper(stopCasting: false)
    }

    func sessionManager(_ manager: SessionManager, didEnd session: CastSession, withError error: CastError?) {
        if manager === helperManager {
            finish(.failure(error ?? CastError(.sessionIsNotActive, "the destination session ended")))
            release()
        } else if session === source {
            finish(.failure(error ?? CastError(.sessionIsNotActive, "the session ended during the transfer")))
            endHelper(stopCasting: false)
        }
    }
}
