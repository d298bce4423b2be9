import CastDiscovery
import CastJSON
import CastLog
import CastNet
public import CastWire

extension CastSession {
    /// The group's members as last reported (nil until MULTIZONE_STATUS came: ask with `requestMultizoneStatus`).
    public var multizoneDevices: [MultizoneDevice]? { multizone.members }
    /// The last MULTIZONE_STATUS `status` (members, playback session).
    public var multizoneStatus: MultizoneStatus.Status? { multizone.status }

    /// `addDeviceStatusListener:` (held weakly).
    public func add(deviceStatusListener listener: any CastDeviceStatusListener) {
        multizone.listeners.removeAll { $0.listener == nil || $0.listener === listener }
        multizone.listeners.append(WeakDeviceStatusListener(listener: listener))
    }

    /// `removeDeviceStatusListener:`.
    public func remove(deviceStatusListener listener: any CastDeviceStatusListener) {
        multizone.listeners.removeAll { $0.listener == nil || $0.listener === listener }
    }

    /// Multizone GET_STATUS: the request completes when MULTIZONE_STATUS answers it (the members are then in
    /// `multizoneDevices`); a single device answers with no members.
    @discardableResult
    public func requestMultizoneStatus() -> Request {
        multizoneRequest { .getStatus(requestID: $0) }
    }

    /// GET_CASTING_GROUPS: which groups this device belongs to; completes on CASTING_GROUPS.
    @discardableResult
    public func requestCastingGroups() -> Request {
        multizoneRequest { .getCastingGroups(requestID: $0) }
    }

    /// `setDeviceVolume:forMultizoneDevice:`: one member's level (clamped to 0…1); completes on DEVICE_UPDATED.
    @discardableResult
    public func setDeviceVolume(_ level: Double, forMultizoneDevice deviceID: String) -> Request {
        multizoneRequest {
            .setDeviceVolume(requestID: $0, deviceID: deviceID, volume: CastVolume(level: min(1, max(0, level))))
        }
    }

    /// `setDeviceMuted:forMultizoneDevice:`.
    @discardableResult
    public func setDeviceMuted(_ muted: Bool, forMultizoneDevice deviceID: String) -> Request {
        multizoneRequest { .setDeviceVolume(requestID: $0, deviceID: deviceID, volume: CastVolume(muted: muted)) }
    }

    private func multizoneRequest(_ make: (Int64) -> MultizoneMessage) -> Request {
        let namespace = CastNamespace.multizone.rawValue
        let probe = make(0)
        guard hasSocket else {
            return Request.failedLater(probe.type.rawValue, CastError(.deviceNotConnected, "no connection"),
                                       loop: eventLoop)
        }
        let request = requests.start(probe.type.rawValue, namespace: namespace, peer: CastEndpointID.platformReceiver)
        if let error = sendJSON(make(request.requestID).json, namespace: namespace,
                                to: CastEndpointID.platformReceiver, log: options.log.multizoneControlChannel) {
            fail(request, error)
        }
        return request
    }

    /// A message on the multizone namespace: members updated, listeners told, a request it answers completed.
    func handleMultizone(_ message: CastMessage) {
        let log = options.log.multizoneControlChannel
        guard let text = message.payloadUTF8 else { return }
        let json = try? JSONValue(parsing: text)
        // Replies carry the id of what they answer whatever their type (DEVICE_UPDATED answers SET_DEVICE_VOLUME).
        let requestID = json?.castRequestID
        let event: MultizoneMessage
        do throws(CastPayloadError) {
            event = try MultizoneMessage(jsonText: text)
        } catch {
            if let id = requestID, id != 0, let reply = try? CastErrorResponse(jsonText: text) {
                log.info("multizone request \(id) refused: \(reply.reason ?? reply.type.rawValue)",
                         metadata(requestID: id, namespace: .multizone))
                requests.reply(id, .failed(CastError(reply: reply)), namespace: CastNamespace.multizone.rawValue,
                               source: message.sourceID)
            } else {
                log.warning("unreadable multizone message: \(error)", metadata(namespace: .multizone))
            }
            return
        }
        log.verbose("received \(text)", metadata(requestID: requestID, namespace: .multizone))
        multizone.apply(event)
        switch event {
        case let .status(reply):
            let names = reply.status.devices.map { $0.name ?? $0.deviceID }.joined(separator: ", ")
            log.info("group has \(reply.status.devices.count) member(s): \(names)", metadata(namespace: .multizone))
        case let .deviceUpdated(device):
            log.debug("member \(device.name ?? device.deviceID) volume \(device.volume?.level ?? 1)",
                      metadata(namespace: .multizone))
        default: break
        }
        let listeners = multizone.listeners.compactMap(\.listener)
        for listener in listeners {
            switch event {
            case let .status(reply): listener.castSession(self, didReceiveMultizoneStatus: reply.status)
            case let .deviceAdded(device): listener.castSession(self, didAddMultizoneDevice: device)
            case let .deviceUpdated(device): listener.castSession(self, didUpdateMultizoneDevice: device)
            case let .deviceRemoved(id): listener.castSession(self, didRemoveMultizoneDeviceWithID: id)
            default: break
            }
        }
        if let id = requestID, id != 0 {
            requests.reply(id, .completed, namespace: CastNamespace.multizone.rawValue, source: message.sourceID)
        }
    }
}

extension CastSession {
    /// Before a reconnect: the device may be back elsewhere under the same id (a group whose leader moved, a
    /// device with a new DHCP lease); the manager's lookup (the discovery list) knows where.
    func followMovedDevice() {
        guard case .resuming = machine.state, let found = manager?.deviceLookup?(device.deviceID),
            found.deviceID == device.deviceID,
            found.addresses != device.addresses || found.servicePort != device.servicePort
        else { return }
        let from = "\(device.networkAddress?.description ?? device.host):\(device.servicePort)"
        let to = "\(found.networkAddress?.description ?? found.host):\(found.servicePort)"
        options.log.sessionManager.info("\(device.friendlyName) moved from \(from) to \(to); reconnecting there",
                                        metadata())
        device = found
        manager?.deliver(.didUpdateDevice(found.deviceID), session: self)
    }
}
