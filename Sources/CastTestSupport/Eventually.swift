/// Waits until `condition` holds, checking every 10 ms, and returns false after `limit` worth of checks: the one
/// way tests wait for something another thread or process does, instead of sleeping a fixed time. No timing is
/// asserted. The bound counts checks, not wall time: under the whole suite on two cores the cooperative pool can be
/// held for seconds by other suites' blocking work, and a wall-clock bound would spend itself while the awaited
/// tasks (and this one) could not run at all.
public func eventually(within limit: Duration = .seconds(30), _ condition: () async -> Bool) async -> Bool {
    let interval = Duration.milliseconds(10)
    let checks = max(1, Int(limit / interval))
    for _ in 0..<checks {
        if await condition() { return true }
        try? await Task.sleep(for: interval)
    }
    return await condition()
}
