/// Waits until `condition` holds, checking every 10 ms, and returns false when `limit` passes first: the one way
/// tests wait for something another thread or process does, instead of sleeping a fixed time.
public func eventually(within limit: Duration = .seconds(10), _ condition: () async -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while true {
        if await condition() { return true }
        if clock.now >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(10))
    }
}
