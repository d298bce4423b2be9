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
    /// The members, in the order the group listed them; nil until a multizone message about them came.
    var members: [MultizoneDevice]? { known ? list.devices : nil }
    /// The last `status` object.
    var status: MultizoneStatus.Status?
    var listeners: [WeakDeviceStatusListener] = []
    private var list = MultizoneMembers()
    private var known = false

    /// Applies one event to the member list.
    mutating func apply(_ message: MultizoneMessage) {
        if case let .status(reply) = message { status = reply.status }
        if list.apply(message) { known = true }
    }
}

struct WeakDeviceStatusListener {
    weak var listener: (any CastDeviceStatusListener)?
}
