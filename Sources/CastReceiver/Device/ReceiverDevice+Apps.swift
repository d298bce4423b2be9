import CastJSON
import CastLog
public import CastNet
import CastWire

extension ReceiverDevice {
    mutating func handleApp(
        text: String, json: JSONValue, message: CastMessage, connection: SenderConnectionID,
        now: MonotonicInstant
    ) -> [ReceiverAction] {
        let namespace = CastNamespace(rawValue: message.namespace)
        if namespace == .media, app.player != nil {
            return handleMedia(json, message: message, connection: connection, now: now)
        }
        guard app.definition.namespaces.contains(message.namespace), !namespace.isReserved else {
            log.info(
                "dropping \(message.namespace) message: \(app.definition.appID) does not handle it",
                ["cast.ns": .string(message.namespace), "cast.dst": .string(message.destinationID)])
            return []
        }
        switch app.definition.behaviour {
        case .adInsertion: return handleAdMessage(text, message: message, connection: connection, now: now)
        default:
            let echo = CastMessage(
                sourceID: message.destinationID, destinationID: message.sourceID,
                namespace: message.namespace, json: text)
            return [.send(connection, echo)]
        }
    }

    private mutating func handleMedia(
        _ json: JSONValue, message: CastMessage, connection: SenderConnectionID,
        now: MonotonicInstant
    ) -> [ReceiverAction] {
        if configuration.fetchesMedia || configuration.forcedMediaFetchCode != nil,
           configuration.loadFailureCode == nil,
           let pending = PendingMediaLoad(request: json, message: message, connection: connection) {
            log.debug("fetching \(pending.url) before answering LOAD \(json.castRequestID ?? 0)",
                      ["cast.request_id": .int(json.castRequestID ?? 0)])
            return [.fetchMedia(pending)]
        }
        return answerMedia(json, message: message, connection: connection, now: now,
                           loadFailure: configuration.loadFailureCode)
    }

    /// Answers a LOAD whose media was fetched (`--fetch-media`): as usual when it plays, LOAD_FAILED with the
    /// outcome's detailed error code when not. A LOAD for an app that has since stopped is dropped.
    public mutating func completeMediaLoad(_ pending: PendingMediaLoad, outcome: MediaFetchOutcome,
                                           now: MonotonicInstant) -> [ReceiverAction] {
        guard app.player != nil else { return [] }
        let requestID = pending.request.castRequestID ?? 0
        if outcome.detailedErrorCode == nil {
            log.info("\(outcome.summary)", ["cast.request_id": .int(requestID)])
        } else {
            log.warning("\(outcome.summary)", ["cast.request_id": .int(requestID)])
        }
        return answerMedia(pending.request, message: pending.message, connection: pending.connection, now: now,
                           loadFailure: outcome.detailedErrorCode)
    }

    private mutating func answerMedia(
        _ json: JSONValue, message: CastMessage, connection: SenderConnectionID, now: MonotonicInstant,
        loadFailure: Int?
    ) -> [ReceiverAction] {
        guard var player = app.player else { return [] }
        let requestID = json.castRequestID ?? 0
        // A media session id that never existed on this app is someone else's session or garbage: the player
        // answers INVALID_REQUEST, as a real receiver does.
        let reply = player.handle(json, now: now, loadFailure: loadFailure)
        app.player = player
        let requester = (connection, message.sourceID, requestID)
        switch reply {
        case .status:
            let payload: JSONObject = [CastPayloadField.type: CastMessageType.mediaStatus.json, "status": .array(player.peekStatus(at: now))]
            return Self.reply(payload, to: message, on: connection, requestID: requestID, namespace: .media,
                                      from: app.sessionID)
        case .statusChanged:
            return mediaStatusActions(requester: requester, now: now)
        case .message(let type, let fields):
            var payload = fields
            payload[CastPayloadField.type] = type.json
            return Self.reply(payload, to: message, on: connection, requestID: requestID, namespace: .media,
                                      from: app.sessionID)
        case .error(let type, let fields):
            var payload = fields
            payload[CastPayloadField.type] = type.json
            log.info(
                "\(type) for \(json.castMessageType?.rawValue ?? "?") request \(requestID)",
                ["cast.request_id": .int(requestID), "cast.ns": .string(message.namespace)])
            return Self.reply(payload, to: message, on: connection, requestID: requestID, namespace: .media,
                                      from: app.sessionID)
        }
    }

    /// MEDIA_STATUS to the requester (if any) and every other sender on the app; an IDLE session is then dropped.
    mutating func mediaStatusActions(requester: (SenderConnectionID, String, Int64)?, now: MonotonicInstant)
        -> [ReceiverAction]
    {
        guard var player = app.player else { return [] }
        let status = player.takeStatus(at: now)
        app.player = player
        let payload: JSONObject = [CastPayloadField.type: CastMessageType.mediaStatus.json, "status": .array(status)]
        return replyAndBroadcast(payload, namespace: .media, from: app.sessionID, requester: requester)
    }

    /// Seed 001's text protocol: `requestAd,<url>,<time>` and `seek,<time>`.
    private mutating func handleAdMessage(
        _ text: String, message: CastMessage, connection: SenderConnectionID,
        now: MonotonicInstant
    ) -> [ReceiverAction] {
        // Senders whose API only sends JSON (pychromecast) wrap the text in a JSON string; accept both forms.
        let body = text.hasPrefix("\"") ? ((try? JSONValue(parsing: text))?.stringValue ?? text) : text
        let fields = body.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let reply = { (body: String) in
            ReceiverAction.send(
                connection,
                CastMessage(
                    sourceID: message.destinationID, destinationID: message.sourceID, namespace: message.namespace,
                    json: body))
        }
        switch fields.first {
        case "requestAd" where fields.count >= 3:
            let time = fields[fields.count - 1]
            app.pendingAd = PendingAd(
                connection: connection, senderID: message.sourceID, contentTime: time,
                endsAt: now + configuration.adDuration)
            var actions = [reply("onContentPauseRequested,\(time)")]
            if var player = app.player, player.hasActiveSession {
                _ = player.handle([CastPayloadField.type: CastMessageType.pause.json], now: now)
                app.player = player
                actions += mediaStatusActions(requester: nil, now: now)
            }
            return actions
        case "seek" where fields.count == 2:
            guard let time = Double(fields[1]), time.isFinite, var player = app.player, player.hasActiveSession else {
                return []
            }
            _ = player.handle(
                [CastPayloadField.type: CastMessageType.seek.json, "currentTime": .double(time), "resumeState": "PLAYBACK_START"], now: now)
            app.player = player
            return mediaStatusActions(requester: nil, now: now)
        default:
            log.info("ad app: unknown message \"\(text)\"", ["cast.ns": .string(message.namespace)])
            return []
        }
    }

    /// The next instant at which `advance(to:)` has something to do.
    public func nextDeadline() -> MonotonicInstant? {
        [app.player?.nextDeadline(), app.pendingAd?.endsAt].compactMap { $0 }.min()
    }

    /// Applies clock-driven changes due by `now`: buffering done, items finished, simulated ads over.
    public mutating func advance(to now: MonotonicInstant) -> [ReceiverAction] {
        var actions: [ReceiverAction] = []
        if let ad = app.pendingAd, ad.endsAt <= now {
            app.pendingAd = nil
            if connections[ad.connection] != nil {
                actions.append(
                    .send(
                        ad.connection,
                        CastMessage(
                            sourceID: app.sessionID, destinationID: ad.senderID,
                            namespace: ReceiverAppDefinition.adInsertionNamespace, json: "onContentResumeRequested")))
            }
            if var player = app.player, player.hasActiveSession {
                let time = Double(ad.contentTime).flatMap { $0.isFinite ? $0 : nil } ?? player.position(at: now)
                _ = player.handle(
                    [CastPayloadField.type: CastMessageType.seek.json, "currentTime": .double(time), "resumeState": "PLAYBACK_START"],
                    now: now)
                app.player = player
                actions += mediaStatusActions(requester: nil, now: now)
            }
        }
        if var player = app.player, player.advance(to: now) {
            app.player = player
            actions += mediaStatusActions(requester: nil, now: now)
        }
        return actions
    }
}
