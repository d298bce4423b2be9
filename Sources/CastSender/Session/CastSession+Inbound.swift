public import CastChannel
import CastJSON
import CastLog
import CastNet
import CastTLS
public import CastWire

extension CastSession {
    /// TLS is up: start the heartbeat and move the session on.
    public func castSocketDidOpen(_ socket: CastSocket) {
        options.log.session.debug("TLS open to \(socket.peer)", metadata())
        connectionPhaseOpened()
        heartbeatAttach(socket)
        feed(machine.transportConnected())
    }

    /// Every inbound message proves liveness, then goes through the virtual-connection router.
    public func castSocket(_ socket: CastSocket, didReceive message: CastMessage) {
        heartbeatSawTraffic(socket)
        routeInbound(message, from: socket)
    }

    /// The socket closed: ours on purpose is quiet; anything else is a lost connection.
    public func castSocket(_ socket: CastSocket, didCloseWith reason: CastCloseReason) {
        let expected = takeExpectedClose(socket)
        socketDidClose(socket)
        guard !expected else { return }
        if case .authentication = reason {} else { connectionPhaseEnded() }
        options.log.session.warning("connection closed: \(reason) (\(reason.channelError))", metadata())
        if case .authentication = reason { return }  // the auth completion reports it
        feed(machine.connectionLost(Self.castError(reason)))
    }

    /// Receiver, media and custom-namespace messages.
    public func handle(_ message: CastMessage, from socket: CastSocket) {
        let namespace = CastNamespace(rawValue: message.namespace)
        switch namespace {
        case .receiver, .media:
            guard let text = message.payloadUTF8 else { return }
            let log = namespace == .media ? options.log.mediaControlChannel : options.log.receiverControlChannel
            let payload: CastPayload
            do throws(CastPayloadError) {
                payload = try CastPayload(namespace: namespace, jsonText: text)
            } catch {
                log.warning("unreadable \(namespace.rawValue) message: \(error)", metadata(namespace: namespace))
                return
            }
            log.verbose("received \(text)", metadata(requestID: payload.json.castRequestID,
                                                    namespace: namespace))
            if namespace == .media, documentedTransfer?.intercept(payload, from: message.sourceID) == true { return }
            if namespace == .media {
                remoteMediaClient.handle(payload, from: message.sourceID, requests: requests, now: clock.now)
            } else {
                handleReceiver(payload, from: message.sourceID)
            }
        case .multizone:
            handleMultizone(message)
        default:
            customChannel(message.namespace)?.received(message)
        }
    }

    private func handleReceiver(_ payload: CastPayload, from source: String) {
        let namespace = CastNamespace.receiver.rawValue
        switch payload {
        case let .receiverStatus(status):
            let previous = receiverStatus
            receiverStatus = status
            if let volume = status.status?.volume,
                volume.level != previous?.status?.volume?.level || volume.muted != previous?.status?.volume?.muted {
                manager?.deliverVolume(level: volume.level ?? 0, muted: volume.muted ?? false, session: self)
            }
            let statusText = status.runningApplication?.statusText
            if statusText != previous?.runningApplication?.statusText {
                manager?.deliverStatus(statusText, session: self)
            }
            // While a documented transfer stops the app here, the status without it is the move, not an end
            // (decided before the reply below, which may move the session to the destination).
            let movingAway = documentedTransfer?.stoppingSource == true
            if let id = status.requestID, id != 0 {
                requests.reply(id, .completed, namespace: namespace, source: source)
            }
            if movingAway { return }
            if machine.state == .connected, let transfer = StreamTransferSignal(status: status, sessionID: sessionID) {
                followStreamTransfer(transfer, status: status)
                return
            }
            feed(machine.receiverStatus(status))
        case let .error(reply):
            if let id = reply.requestID {
                requests.reply(id, .failed(CastError(reply: reply)), namespace: namespace, source: source)
            }
        default:
            options.log.receiverControlChannel.debug("receiver message ignored: \(payload.json.serialized())",
                                                   metadata(namespace: .receiver))
        }
    }

    /// The SDK error a channel close means.
    static func castError(_ reason: CastCloseReason) -> CastError {
        switch reason {
        case .pingTimeout: CastError(.networkError, "heartbeat timeout (PING_TIMEOUT)")
        case let .transport(error): CastError(.networkError, "transport error: \(error)")
        case let .tls(error): CastError(.secureTransportError, "TLS: \(error)")
        case let .invalidMessage(error): CastError(.protocolError, "invalid message: \(error)")
        case .closedByPeer: CastError(.networkError, "the device closed the connection")
        case .closedLocally: CastError(.disconnected, "closed locally")
        case let .authentication(error): castError(error)
        }
    }

    /// The SDK error a device-auth failure means.
    static func castError(_ error: DeviceAuthError) -> CastError {
        switch error.kind {
        case .timedOut: CastError(.deviceAuthenticationTimeoutFailure, "\(error)")
        case .wrongPayloadType, .noPayload, .payloadParsingFailed:
            CastError(.deviceAuthenticationMessageParseFailure, "\(error)")
        case .channelClosed: CastError(.networkError, "\(error)")
        case .reply(let reply) where reply.trustFailure?.reason == .untrustedRoot:
            CastError(.deviceCertificateNotTrusted, "\(error)")
        case .challengeNotSent, .reply: CastError(.deviceAuthenticationFailure, "\(error)")
        }
    }
}
