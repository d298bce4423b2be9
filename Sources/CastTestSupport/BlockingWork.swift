import Foundation

/// Runs blocking work (waiting for a child process, sleeping) on a thread of its own and awaits it.
///
/// Swift's cooperative pool has one thread per core; a test that blocks one of them starves the tasks of every
/// other test running in parallel, which then time out for no fault of their own.
public enum BlockingWork {
    /// Runs `body` on a new thread and returns its result.
    public static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    /// Runs non-throwing `body` on a new thread and returns its result.
    public static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    /// Sleeps `seconds` without holding a cooperative thread.
    public static func sleep(seconds: Double) async {
        await run { Thread.sleep(forTimeInterval: seconds) }
    }
}
