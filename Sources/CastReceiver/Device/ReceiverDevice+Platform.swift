public import CastJSON
import CastLog
import CastNet
import CastWire

extension ReceiverDevice {
    /// The RECEIVER_STATUS payload (without requestId) for the current state.
    public var receiverStatusPayload: JSONObject {
        var application = JSONObject()
        application.appendUnchecked("appId", .string(app.definition.appID))
        application.appendUnchecked("appType", "WEB")
        application.appendUnchecked("displayName", .string(app.definition.displayName))
        application.appendUnchecked("iconUrl", "")
        application.appendUnchecked("isIdleScreen", .bool(app.definition.behaviour == .idleScreen))
        application.appendUnchecked("launchedFromCloud", false)
        application.appendUnchecked("namespaces", .array(app.definition.namespaces.map { ["name": .string($0)] }))
        application.appendUnchecked("sessionId", .string(app.sessionID))
        application.appendUnchecked("statusText", .string(app.definition.displayName))
        application.appendUnchecked("transportId", .string(app.sessionID))
        application.appendUnchecked("universalAppId", .string(app.definition.appID))
        var volume = JSONObject()
        volume.appendUnchecked("controlType", "attenuation")
        volume.appendUnchecked("level", .double(volumeLevel))
        volume.appendUnchecked("muted", .bool(muted))
        volume.appendUnchecked("stepInterval", 0.05)
        var status = JSONObject()
        status.appendUnchecked("applications", [.object(application)])
        status.appendUnchecked("isActiveInput", true)
        status.appendUnchecked("isStandBy", false)
        status.appendUnchecked("userEq", .object(JSONObject()))
        status.appendUnchecked("volume", .object(volume))
        return [CastPayloadField.type: CastMessageType.receiverStatus.json, "status": .object(status)]
    }

    mutating func handlePlatform(
        _ json: JSONValue, namespace: CastNamespace, message: CastMessage,
        connection: SenderConnectionID, now: MonotonicInstant
    ) -> [ReceiverAction] {
        let requestID = json.castRequestID ?? 0
        let requester = (connection, message.sourceID, requestID)
        let type = json.castMessageType ?? .other("")
        if namespace == .multizone {
            // Senders that take a non-8009 port for a group ask for members; the emulator is a lone device.
            let reply: JSONObject =
                type == .getCastingGroups
                ? [CastPayloadField.type: CastMessageType.castingGroups.json, "groups": []]
                : [CastPayloadField.type: CastMessageType.multizoneStatus.json, "status": ["devices": [], "isMultichannel": false]]
            return Self.reply(reply, to: message, on: connection, requestID: requestID, namespace: namespace,
                                      from: CastEndpointID.platformReceiver)
        }
        guard namespace == .receiver else {
            log.info(
                "dropping \(message.namespace) message to receiver-0: unhandled namespace",
                ["cast.ns": .string(message.namespace)])
            return []
        }
        func error(_ type: CastMessageType, _ reason: String) -> [ReceiverAction] {
            log.info("\(type) \(reason) for request \(requestID)", ["cast.request_id": .int(requestID)])
            return Self.reply(
                [CastPayloadField.type: type.json, "reason": .string(reason)], to: message, on: connection,
                requestID: requestID, namespace: .receiver, from: CastEndpointID.platformReceiver)
        }
        switch type {
        case .getStatus:
            return Self.reply(
                receiverStatusPayload, to: message, on: connection, requestID: requestID, namespace: .receiver,
                from: CastEndpointID.platformReceiver)
        case .launch:
            guard let appID = json["appId"]?.stringValue else { return error(.invalidRequest, "INVALID_COMMAND") }
            if let reason = configuration.launchErrorReason { return error(.launchError, reason) }
            guard let definition = configuration.apps.first(where: { $0.appID == appID }) else {
                return error(.launchError, "NOT_FOUND")
            }
            var actions: [ReceiverAction] = []
            if definition.appID != app.definition.appID {
                actions += launch(definition)
            }
            return actions
                + replyAndBroadcast(
                    receiverStatusPayload, namespace: .receiver,
                    from: CastEndpointID.platformReceiver, requester: requester)
        case .stop:
            if let sessionID = json["sessionId"]?.stringValue, sessionID != app.sessionID {
                return error(.invalidRequest, "INVALID_SESSION_ID")
            }
            var actions: [ReceiverAction] = []
            if app.definition.behaviour != .idleScreen { actions += launch(.backdrop) }
            return actions
                + replyAndBroadcast(
                    receiverStatusPayload, namespace: .receiver,
                    from: CastEndpointID.platformReceiver, requester: requester)
        case .setVolume:
            guard let volume = json["volume"], volume.objectValue != nil else {
                return error(.invalidRequest, "INVALID_PARAMS")
            }
            if let level = volume["level"]?.doubleValue {
                guard level >= 0, level <= 1 else { return error(.invalidRequest, "INVALID_PARAMS") }
                volumeLevel = level
            }
            if let flag = volume["muted"]?.boolValue { muted = flag }
            return replyAndBroadcast(
                receiverStatusPayload, namespace: .receiver,
                from: CastEndpointID.platformReceiver, requester: requester)
        case .getAppAvailability:
            // `appId` is an array (Chromium, the SDK) or one string (some senders). The reply must fit one frame:
            // at most 64 ids of at most 64 bytes each, else INVALID_PARAMS.
            let values = json["appId"]?.arrayValue ?? json["appId"].map { [$0] } ?? []
            let asked = values.compactMap(\.stringValue)
            guard !asked.isEmpty, asked.count == values.count, asked.count <= Self.maxAvailabilityQueries,
                asked.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 64 })
            else { return error(.invalidRequest, "INVALID_PARAMS") }
            var availability = JSONObject()
            for appID in asked where availability[appID] == nil {
                let known = configuration.apps.contains { $0.appID == appID }
                availability[appID] = .string(known ? "APP_AVAILABLE" : "APP_UNAVAILABLE")
            }
            let answer = availability.map { "\($0.key)=\($0.value.stringValue ?? "")" }.joined(separator: ",")
            log.debug("GET_APP_AVAILABILITY \(answer)", ["cast.request_id": .int(requestID)])
            let reply: JSONObject = [
                CastPayloadField.type: CastMessageType.getAppAvailability.json, "responseType": CastMessageType.getAppAvailability.json,
                "availability": .object(availability),
            ]
            return Self.reply(reply, to: message, on: connection, requestID: requestID, namespace: .receiver,
                                      from: CastEndpointID.platformReceiver)
        default:
            return error(.invalidRequest, "INVALID_COMMAND")
        }
    }

    /// The most app ids one GET_APP_AVAILABILITY may ask about (the SDK and Chromium ask one at a time).
    static let maxAvailabilityQueries = 64

    /// Replaces the running app with `definition`: the old app's virtual connections get CLOSE.
    mutating func launch(_ definition: ReceiverAppDefinition) -> [ReceiverAction] {
        let oldTransport = app.sessionID
        var actions: [ReceiverAction] = []
        for (connection, senderID) in links(to: oldTransport) {
            actions.append(.send(connection, Self.closeMessage(from: oldTransport, to: senderID)))
            connections[connection]?.remove(VirtualConnection(senderID: senderID, endpointID: oldTransport))
        }
        let hasPlayer = definition.behaviour == .mediaPlayer || definition.behaviour == .adInsertion
        app = RunningApp(
            definition: definition, sessionID: makeSessionID(),
            player: hasPlayer
                ? MediaPlayer(bufferingTime: configuration.bufferingTime) : nil)
        log.info(
            "launched \(definition.displayName) (\(definition.appID)) session \(app.sessionID)",
            ["cast.app_id": .string(definition.appID)])
        return actions
    }
}
