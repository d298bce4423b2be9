public import CastWire

/// `GCKCastDeviceStatusListener`: a group's members as the multizone namespace reports them. All optional; called
/// on the loop.
public protocol CastDeviceStatusListener: AnyObject {
    /// `castSession:didReceiveMultizoneStatus:`: the whole member list (after GET_STATUS, or unasked).
    func castSession(_ session: CastSession, didReceiveMultizoneStatus status: MultizoneStatus.Status)
    /// `castSession:didAddMultizoneDevice:`.
    func castSession(_ session: CastSession, didAddMultizoneDevice device: MultizoneDevice)
    /// `castSession:didUpdateMultizoneDevice:`: a member's volume or name changed.
    func castSession(_ session: CastSession, didUpdateMultizoneDevice device: MultizoneDevice)
    /// `castSession:didRemoveMultizoneDeviceWithID:`.
    func castSession(_ session: CastSession, didRemoveMultizoneDeviceWithID deviceID: String)
}

extension CastDeviceStatusListener {
    public func castSession(_ session: CastSession, didReceiveMultizoneStatus status: MultizoneStatus.Status) {}
    public func castSession(_ session: CastSession, didAddMultizoneDevice device: MultizoneDevice) {}
    public func castSession(_ session: CastSession, didUpdateMultizoneDevice device: MultizoneDevice) {}
    public func castSession(_ session: CastSession, didRemoveMultizoneDeviceWithID deviceID: String) {}
}

/// The members a session knows and its device-status listeners (held weakly).
struct MultizoneTracker {
    /// The members, in the order the group listed them; nil until a MULTIZONE_STATUS came.
    var members: [MultizoneDevice]?
    /// The last `status` object.
    var status: MultizoneStatus.Status?
    var listeners: [WeakDeviceStatusListener] = []
    /// Most members kept, whatever a device sends.
    static let maximumMembers = 256

    /// Applies one event to the member list.
    mutating func apply(_ message: MultizoneMessage) {
        switch message {
        case let .status(reply):
            status = reply.status
            members = Array(reply.status.devices.prefix(Self.maximumMembers))
        case let .deviceAdded(device), let .deviceUpdated(device):
            var list = members ?? []
            if let index = list.firstIndex(where: { $0.matches(device.deviceID) }) {
                list[index] = device
            } else if list.count < Self.maximumMembers {
                list.append(device)
            }
            members = list
        case let .deviceRemoved(id):
            members?.removeAll { $0.matches(id) }
        default: break
        }
    }
}

struct WeakDeviceStatusListener {
    weak var listener: (any CastDeviceStatusListener)?
}
