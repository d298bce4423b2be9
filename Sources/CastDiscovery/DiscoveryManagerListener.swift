/// Receives changes of the `DiscoveryManager`'s device list (GCKDiscoveryManagerListener); every method is optional.
///
/// Callbacks arrive on the manager's callback queue, one at a time, in the order the list changed:
/// `willUpdateDeviceList`, then inserts/updates/removes with indices valid at that moment, then `didUpdateDeviceList`.
public protocol DiscoveryManagerListener: AnyObject, Sendable {
    /// Discovery started.
    func didStartDiscovery()
    /// The list is about to change.
    func willUpdateDeviceList()
    /// The list changed.
    func didUpdateDeviceList()
    /// `device` was inserted at `index`.
    func didInsert(_ device: Device, at index: Int)
    /// `device` changed and sits at `index` (it moved there from `oldIndex` when they differ).
    func didUpdate(_ device: Device, at oldIndex: Int, andMoveTo index: Int)
    /// `device` was removed from `index`.
    func didRemove(_ device: Device, at index: Int)
}

extension DiscoveryManagerListener {
    /// Does nothing.
    public func didStartDiscovery() {}
    /// Does nothing.
    public func willUpdateDeviceList() {}
    /// Does nothing.
    public func didUpdateDeviceList() {}
    /// Does nothing.
    public func didInsert(_ device: Device, at index: Int) {}
    /// Does nothing.
    public func didUpdate(_ device: Device, at oldIndex: Int, andMoveTo index: Int) {}
    /// Does nothing.
    public func didRemove(_ device: Device, at index: Int) {}
}
