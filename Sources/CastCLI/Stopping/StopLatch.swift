import Synchronization

/// A one-way gate a long-running command waits on: opened once, by a signal, the end of a session or a failure,
/// it wakes every waiter, now and later. Waiting costs nothing until it opens (no polling).
public final class StopLatch: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let state = Mutex(State())

    /// A closed latch.
    public init() {}

    /// True once `open()` was called.
    public var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Opens the latch and wakes every waiter; later calls do nothing.
    public func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard !state.isOpen else { return [] }
            state.isOpen = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the latch is open (at once if it already is) or the task is cancelled.
    public func wait() async {
        let id = state.withLock { state -> UInt64 in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.isOpen || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }

    /// Returns true once the latch is open, or false when `timeout` passes first. A periodic job (following a
    /// file, checking a responder) waits with this instead of sleeping, so a stop is seen at once.
    public func wait(upTo timeout: Duration) async -> Bool {
        if isOpen { return true }
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask { [self] in
                await wait()
                return !Task.isCancelled
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first || isOpen
        }
    }
}
