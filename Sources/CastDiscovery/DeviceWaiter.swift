import Synchronization

/// Ends a wait for a device as soon as one that matches is listed (`cast --device NAME` stops discovery at the
/// first answer from that device, not after the whole timeout).
final class DeviceWaiter: DiscoveryManagerListener, @unchecked Sendable {
    private let matches: @Sendable (Device) -> Bool
    private let state = Mutex<(found: Device??, continuation: CheckedContinuation<Device?, Never>?)>((nil, nil))

    init(_ matches: @escaping @Sendable (Device) -> Bool) { self.matches = matches }

    func didInsert(_ device: Device, at index: Int) { consider(device) }
    func didUpdate(_ device: Device, at oldIndex: Int, andMoveTo index: Int) { consider(device) }

    func consider(_ device: Device) {
        if matches(device) { finish(device) }
    }

    /// The first matching device, or nil once `timeout` passes.
    func wait(timeout: Duration) async -> Device? {
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            self?.finish(nil)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { continuation in
            let decided = state.withLock { state -> Device?? in
                if let found = state.found { return .some(found) }
                state.continuation = continuation
                return nil
            }
            if let decided { continuation.resume(returning: decided) }
        }
    }

    private func finish(_ device: Device?) {
        let continuation = state.withLock { state -> CheckedContinuation<Device?, Never>? in
            guard state.found == nil else { return nil }
            state.found = .some(device)
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: device)
    }
}

extension DiscoveryManager {
    /// The first listed device for which `matches` holds, as soon as it is listed; nil after `timeout`.
    public func firstDevice(where matches: @escaping @Sendable (Device) -> Bool, timeout: Duration) async -> Device? {
        let waiter = DeviceWaiter(matches)
        add(waiter)
        defer { remove(waiter) }
        if let listed = deviceList.first(where: matches) { return listed }
        return await waiter.wait(timeout: timeout)
    }
}
