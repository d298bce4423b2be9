public import CastJSON
import CastLog
import CastNet
import CastWire

extension ReceiverDevice {
    /// The RECEIVER_STATUS payload (without requestId) for the current state, with the members a Chromecast sends.
    public var receiverStatusPayload: JSONObject {
        var application = ReceiverApplication(
            appID: app.definition.appID, sessionID: app.sessionID, transportID: app.sessionID,
            namespaces: app.definition.namespaces, unknown: ["appType": "WEB"])
        application.universalAppID = app.definition.appID
        application.displayName = app.definition.displayName
        application.statusText = app.definition.displayName
        application.iconURL = ""
        application.isIdleScreen = app.definition.behaviour == .idleScreen
        application.launchedFromCloud = false
        let status = ReceiverStatus.Status(
            applications: [application], isActiveInput: true, isStandBy: false,
            volume: CastVolume(level: volumeLevel, muted: muted, controlType: "attenuation", stepInterval: 0.05),
            unknown: ["userEq": .object(JSONObject())])
        return ReceiverStatus(status: status).json.objectValue ?? JSONObject()
    }

    mutating func handlePlatform(
        _ json: JSONValue, namespace: CastNamespace, message: CastMessage,
        connection: SenderConnectionID, now: MonotonicInstant
    ) -> [ReceiverAction] {
        let requestID = json.castRequestID ?? 0
        let requester = (connection, message.sourceID, requestID)
        let type = json.castMessageType ?? .other("")
        if namespace == .multizone { return handleMultizone(json, message: message, connection: connection) }
        guard namespace == .receiver else {
            log.info(
                "dropping \(message.namespace) message to receiver-0: unhandled namespace",
                ["cast.ns": .string(message.namespace)])
            return []
        }
        func error(_ type: CastMessageType, _ reason: String) -> [ReceiverAction] {
            log.info("\(type) \(reason) for request \(requestID)", ["cast.request_id": .int(requestID)])
            return Self.reply(
                CastErrorResponse(type: type, reason: reason).json.objectValue ?? JSONObject(), to: message,
                on: connection,
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
                + [.notify(.volumeChanged(CastVolume(level: volumeLevel, muted: muted)))]
        case .getAppAvailability:
            // `appId` is an array (Chromium, the SDK) or one string (some senders). The reply must fit one frame:
            // at most 64 ids of at most 64 bytes each, else INVALID_PARAMS.
            let values = json["appId"]?.arrayValue ?? json["appId"].map { [$0] } ?? []
            let asked = values.compactMap(\.stringValue)
            guard !asked.isEmpty, asked.count == values.count, asked.count <= Self.maxAvailabilityQueries,
                asked.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 64 })
            else { return error(.invalidRequest, "INVALID_PARAMS") }
            var availability: [(appID: String, value: String)] = []
            for appID in asked where !availability.contains(where: { $0.appID == appID }) {
                let known = configuration.apps.contains { $0.appID == appID }
                availability.append((appID, known ? "APP_AVAILABLE" : "APP_UNAVAILABLE"))
            }
            let answer = availability.map { "\($0.appID)=\($0.value)" }.joined(separator: ",")
            log.debug("GET_APP_AVAILABILITY \(answer)", ["cast.request_id": .int(requestID)])
            // Devices also send `responseType`, which some senders (pychromecast) look for.
            let reply = AppAvailabilityResponse(
                availability: availability, unknown: ["responseType": CastMessageType.getAppAvailability.json]
            ).json.objectValue ?? JSONObject()
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
