/// A group's member list as its multizone messages change it: MULTIZONE_STATUS replaces it, DEVICE_ADDED and
/// DEVICE_UPDATED add or update one member (matched by id, any spelling), DEVICE_REMOVED takes one out. Bounded:
/// at most `maximum` members, whatever a device sends.
public struct MultizoneMembers: Sendable, Hashable {
    /// The members, in the order the group listed them.
    public private(set) var devices: [MultizoneDevice] = []
    /// Each member's position by its id in TXT form, so an update costs one look-up.
    private var positions: [String: Int] = [:]
    /// Most members kept.
    public static let maximum = 256

    /// An empty list.
    public init() {}

    /// Applies one message; true when it was about members (other messages change nothing).
    @discardableResult
    public mutating func apply(_ message: MultizoneMessage) -> Bool {
        switch message {
        case let .status(status):
            devices = []
            positions = [:]
            for device in status.status.devices { update(device) }
        case let .deviceAdded(device), let .deviceUpdated(device):
            update(device)
        case let .deviceRemoved(id):
            guard let index = positions[MultizoneDevice.canonical(id)] else { break }
            devices.remove(at: index)
            positions = Dictionary(devices.enumerated().map { ($1.canonicalID, $0) }, uniquingKeysWith: { $1 })
        default:
            return false
        }
        return true
    }

    /// Adds `device`, or replaces the member with its id.
    public mutating func update(_ device: MultizoneDevice) {
        let id = device.canonicalID
        if let index = positions[id] {
            devices[index] = device
        } else if devices.count < Self.maximum {
            positions[id] = devices.count
            devices.append(device)
        }
    }
}
