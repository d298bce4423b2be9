import CastJSON
import CastLog
import CastNet
public import CastWire

extension ReceiverDevice {
    /// The multizone namespace on `receiver-0`: a group lists its members and sets their volume; every device
    /// lists the groups it belongs to. Requests that do not read as multizone messages get INVALID_REQUEST.
    mutating func handleMultizone(_ json: JSONValue, message: CastMessage, connection: SenderConnectionID)
        -> [ReceiverAction]
    {
        let requestID = json.castRequestID ?? 0
        func answer(_ reply: MultizoneMessage) -> [ReceiverAction] {
            Self.reply(reply.json.objectValue ?? JSONObject(), to: message, on: connection, requestID: requestID,
                       namespace: .multizone, from: CastEndpointID.platformReceiver)
        }
        func invalid(_ reason: String) -> [ReceiverAction] {
            log.info("multizone request \(requestID) refused: \(reason)", ["cast.request_id": .int(requestID)])
            let error = CastErrorResponse(type: .invalidRequest, reason: reason)
            return Self.reply(error.json.objectValue ?? JSONObject(), to: message, on: connection,
                              requestID: requestID, namespace: .multizone, from: CastEndpointID.platformReceiver)
        }
        let request: MultizoneMessage
        do throws(CastPayloadError) {
            request = try MultizoneMessage(json: json)
        } catch {
            return invalid("INVALID_COMMAND")
        }
        switch request {
        case .getStatus:
            return answer(.status(MultizoneStatus(status: multizoneStatus)))
        case .getCastingGroups:
            return answer(.castingGroups(requestID: nil, groups: configuration.castingGroups))
        case let .setDeviceVolume(_, deviceID, volume):
            guard let index = members.firstIndex(where: { $0.matches(deviceID) }) else {
                return invalid("INVALID_DEVICE_ID")
            }
            if let level = volume.level, !(0...1).contains(level) { return invalid("INVALID_PARAMS") }
            var member = members[index]
            var current = member.volume ?? CastVolume(level: 1, muted: false)
            if let level = volume.level { current.level = level }
            if let flag = volume.muted { current.muted = flag }
            member.volume = current
            members[index] = member
            log.info("member \(member.name ?? member.deviceID) volume \(current.level ?? 1) muted \(current.muted ?? false)",
                     ["cast.request_id": .int(requestID)])
            let update = MultizoneMessage.deviceUpdated(member).json.objectValue ?? JSONObject()
            return replyAndBroadcast(update, namespace: .multizone, from: CastEndpointID.platformReceiver,
                                     requester: (connection, message.sourceID, requestID))
                + [.notify(.memberVolumeChanged(deviceID: member.deviceID, volume: current))]
        default:
            return invalid("INVALID_COMMAND")
        }
    }

    /// The `status` of MULTIZONE_STATUS: the members, and what the group plays when an app other than the idle
    /// screen runs.
    var multizoneStatus: MultizoneStatus.Status {
        let playing = isGroupPlaying
        return MultizoneStatus.Status(
            devices: members, isMultichannel: false,
            playbackSession: playing
                ? MultizonePlaybackSession(appAllowsGrouping: true, isVideoContent: false, streamTransferSupported: true)
                : nil)
    }

    private var isGroupPlaying: Bool { configuration.isGroup && app.definition.behaviour != .idleScreen }

    /// A member's volume changed on the member itself: keep it and tell the group's senders (DEVICE_UPDATED);
    /// nothing for an id that is not a member.
    public mutating func memberVolumeChanged(deviceID: String, volume: CastVolume) -> [ReceiverAction] {
        guard let index = members.firstIndex(where: { $0.matches(deviceID) }) else { return [] }
        guard members[index].volume != volume else { return [] }
        members[index].volume = volume
        let update = MultizoneMessage.deviceUpdated(members[index]).json.objectValue ?? JSONObject()
        return replyAndBroadcast(update, namespace: .multizone, from: CastEndpointID.platformReceiver, requester: nil)
    }

    /// Sets the device's own volume from outside (its group changed it): RECEIVER_STATUS to every sender.
    public mutating func setVolume(_ volume: CastVolume) -> [ReceiverAction] {
        if let level = volume.level, (0...1).contains(level) { volumeLevel = level }
        if let flag = volume.muted { muted = flag }
        return replyAndBroadcast(receiverStatusPayload, namespace: .receiver, from: CastEndpointID.platformReceiver,
                                 requester: nil)
    }
}
