import CastJSON
import CastNet
import CastWire

/// Plays arbitrary bytes as a script of sender events against a `ReceiverDevice` and checks its invariants — the
/// fuzz target's body (Fuzz/FuzzReceiver) and a seeded random test, so a saved crash replays in both.
///
/// Each step reads an opcode byte, then the operands it needs; a truncated step ends the script. Steps open and
/// close up to three connections, send a well-formed request built from small tables (so the state machines are
/// reached), send a payload made of the raw bytes, or advance the clock. An invariant failure is a
/// `precondition`, which is what libFuzzer reports.
public enum ReceiverDeviceScript {
    static let namespaces: [CastNamespace] = [
        .connection, .heartbeat, .receiver, .media, .custom(ReceiverAppDefinition.adInsertionNamespace), .multizone,
        .deviceAuth,
    ]
    static let types: [CastMessageType] = [
        .connect, .close, .ping, .getStatus, .launch, .stop, .setVolume, .getAppAvailability, .load, .play, .pause,
        .seek, .setPlaybackRate, .queueLoad, .queueInsert, .queueRemove, .queueReorder, .queueUpdate, .queueNext,
        .queuePrev, .editTracksInfo, .getCastingGroups, .other("BOGUS"),
    ]
    static let apps = ["CC1AD845", "E8C28D3C", ReceiverAppDefinition.adInsertionID, "ECHO0001", "00000000"]
    static let repeatModes = ["REPEAT_OFF", "REPEAT_ALL", "REPEAT_SINGLE", "REPEAT_ALL_AND_SHUFFLE", "bad"]
    static let groupMembers = [
        MultizoneDevice(deviceID: "0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9", name: "A", volume: CastVolume(level: 1)),
        MultizoneDevice(deviceID: "ffeeddccbbaa99887766554433221100", name: "B"),
    ]

    /// Runs `bytes` as a script; returns how many actions the device produced.
    @discardableResult
    public static func run(_ bytes: [UInt8]) -> Int {
        let echo = ReceiverAppDefinition(
            appID: "ECHO0001", displayName: "Echo",
            namespaces: ["urn:x-cast:com.example.echo"], behaviour: .echo)
        var configuration = ReceiverConfiguration(
            extraApps: [echo], bufferingTime: .milliseconds(100), adDuration: .milliseconds(500))
        // A group, so the multizone requests reach its members' state too.
        configuration.groupMembers = groupMembers
        var device = ReceiverDevice(configuration: configuration, sessionSeed: 1)
        var now = MonotonicInstant(nanoseconds: 1_000_000_000)
        var open: Set<SenderConnectionID> = []
        var cursor = 0
        var produced = 0
        func next() -> UInt8? {
            guard cursor < bytes.count else { return nil }
            defer { cursor += 1 }
            return bytes[cursor]
        }
        func check(_ actions: [ReceiverAction]) {
            produced += actions.count
            for action in actions {
                switch action {
                case .send(let connection, let message):
                    precondition(open.contains(connection), "message to a connection that is not open")
                    precondition(message.payloadType == .string, "device sent a non-string payload")
                case .close(let connection, _):
                    precondition(open.contains(connection), "close of a connection that is not open")
                    open.remove(connection)
                    device.connectionClosed(connection)
                case .notify: break
                case .fetchMedia(let pending):
                    precondition(open.contains(pending.connection), "a fetch for a connection that is not open")
                    check(device.completeMediaLoad(pending, outcome: .forced(104), now: now))
                }
            }
            let status = device.mediaPlayer?.peekStatus(at: now) ?? []
            precondition(status.count <= 1, "more than one media session")
            if let position = device.mediaPlayer?.position(at: now) {
                precondition(position.isFinite && position >= 0, "player position out of range")
            }
            precondition(device.members.count == groupMembers.count, "a member appeared or vanished")
            for member in device.members {
                precondition(member.volume?.level.map { (0...1).contains($0) } ?? true, "member volume out of 0…1")
            }
        }
        while let opcode = next() {
            let connection = SenderConnectionID(UInt64(opcode & 0x03))
            switch opcode >> 5 {
            case 0:
                if open.insert(connection).inserted { device.connectionOpened(connection) }
            case 1:
                if open.remove(connection) != nil { device.connectionClosed(connection) }
            case 2:
                guard let amount = next() else { break }
                now = now + .milliseconds(Int64(amount) * 20)
                check(device.advance(to: now))
            case 3:
                guard let length = next(), cursor + Int(length) <= bytes.count else { return produced }
                let text = String(decoding: bytes[cursor..<cursor + Int(length)], as: UTF8.self)
                cursor += Int(length)
                let namespace = namespaces[Int(opcode >> 2 & 0x07) % namespaces.count]
                let message = CastMessage(
                    sourceID: "sender-0", destinationID: destination(opcode, device),
                    namespace: namespace.rawValue, json: text)
                if open.contains(connection) { check(device.receive(message, from: connection, now: now)) }
            default:
                guard let typeByte = next(), let a = next(), let b = next() else { return produced }
                let namespace = namespaces[Int(opcode >> 2 & 0x07) % namespaces.count]
                let json = request(type: types[Int(typeByte) % types.count], a: a, b: b, device: device)
                let message = CastMessage(
                    sourceID: b & 1 == 0 ? "sender-0" : "sender-x",
                    destinationID: destination(typeByte, device), namespace: namespace.rawValue,
                    json: json.serialized())
                if open.contains(connection) { check(device.receive(message, from: connection, now: now)) }
            }
        }
        return produced
    }

    private static func destination(_ selector: UInt8, _ device: ReceiverDevice) -> String {
        switch selector >> 6 {
        case 0, 1: CastEndpointID.platformReceiver
        case 2: device.runningSessionID
        default: "nowhere"
        }
    }

    private static func request(type: CastMessageType, a: UInt8, b: UInt8, device: ReceiverDevice) -> JSONValue {
        // BOGUS also stands for the stream-transfer pair, so the table (and the seeds' meaning) stays as it was.
        let bogus = CastMessageType.other("BOGUS")
        var type = type != bogus ? type : [bogus, .storeSession, .resumeSession][Int(b) % 3]
        // GET_CASTING_GROUPS also stands for the multizone GET_STATUS and SET_DEVICE_VOLUME, for the same reason.
        if type == .getCastingGroups { type = [.getCastingGroups, .getStatus, .setDeviceVolume][Int(b >> 5) % 3] }
        var object: JSONObject = [CastPayloadField.type: type.json, CastPayloadField.requestID: .int(Int64(a))]
        let session = device.mediaPlayer?.mediaSessionID ?? 1
        object["mediaSessionId"] = .int(b & 2 == 0 ? session : Int64(b))
        let item: JSONValue = [
            "media": [
                "contentId": b & 4 == 0 ? "http://127.0.0.1/a.mp4" : "nope",
                "streamType": b & 8 == 0 ? "BUFFERED" : "LIVE", "duration": .double(Double(a) / 8),
            ]
        ]
        switch type {
        case .launch: object["appId"] = .string(apps[Int(a) % apps.count])
        case .stop: object["sessionId"] = b & 1 == 0 ? .string(device.runningSessionID) : "wrong"
        case .setVolume: object["volume"] = ["level": .double(Double(a) / 200), "muted": .bool(b & 1 == 1)]
        case .getAppAvailability: object["appId"] = [.string(apps[Int(a) % apps.count])]
        case .load:
            object["media"] = item["media"]
            object["currentTime"] = .double(Double(b))
        case .seek:
            object["currentTime"] = .double(Double(a) - 20)
            object["resumeState"] = b & 1 == 0 ? "PLAYBACK_START" : "PLAYBACK_PAUSE"
        case .setPlaybackRate: object["playbackRate"] = .double(Double(a) / 64)
        case .queueLoad, .queueInsert:
            object["items"] = .array(Array(repeating: item, count: Int(a % 4)))
            object["startIndex"] = .int(Int64(b % 4))
            object["insertBefore"] = .int(Int64(b % 6))
            object["currentItemIndex"] = .int(Int64(a % 3))
        case .queueRemove, .queueReorder:
            object["itemIds"] = [.int(Int64(a % 8)), .int(Int64(b % 8))]
            object["insertBefore"] = .int(Int64(a % 5))
        case .queueUpdate:
            object["jump"] = .int(Int64(Int(a % 5) - 2))
            object["repeatMode"] = .string(repeatModes[Int(b) % repeatModes.count])
            if b & 16 != 0 { object["currentItemId"] = .int(Int64(a % 8)) }
        case .editTracksInfo: object["activeTrackIds"] = [.int(Int64(a))]
        case .setDeviceVolume:
            let ids = groupMembers.map(\.deviceID) + ["0a1b2c3d4e5f60718293a4b5c6d7e8f9", "nobody"]
            object["deviceId"] = .string(ids[Int(a) % ids.count])
            if b & 1 == 0 { object["volume"] = ["level": .double(Double(b) / 200), "muted": .bool(a & 1 == 1)] }
        case .resumeSession: object["sessionState"] = sessionState(item: item, a: a, b: b)
        default: break
        }
        return .object(object)
    }

    /// A RESUME_SESSION `sessionState`: well formed (a LOAD of `item`, or a queue of it) or broken in one way.
    private static func sessionState(item: JSONValue, a: UInt8, b: UInt8) -> JSONValue {
        let load: JSONValue = [
            "media": item["media"] ?? .null, "currentTime": .double(Double(b)), "autoplay": .bool(a & 1 == 0),
        ]
        switch a % 6 {
        case 0: return ["loadRequestData": load, "customData": ["k": .int(Int64(b))]]
        case 1: return .null
        case 2: return "state"
        case 3: return ["loadRequestData": [load]]
        case 4:
            let items = JSONValue.array(Array(repeating: item, count: Int(b % 4)))
            return ["loadRequestData": ["queueData": ["items": items, "startIndex": .int(Int64(b % 5) - 1)]]]
        default: return ["loadRequestData": ["media": .int(Int64(a))]]
        }
    }
}
