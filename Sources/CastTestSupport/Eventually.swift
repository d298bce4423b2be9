/// Waits until `condition` holds, checking every 10 ms, and returns false when `limit` passes first: the one way
/// tests wait for something another thread or process does, instead of sleeping a fixed time. No timing is
/// asserted: the default bound is generous because under the whole suite on two cores a test's tasks can wait
/// seconds for a thread, and it only keeps a broken build from hanging.
public func eventually(within limit: Duration = .seconds(30), _ condition: () async -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while true {
        if await condition() { return true }
        if clock.now >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(10))
    }
}
