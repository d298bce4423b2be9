import Foundation

/// A fresh directory under `$TMPDIR` for one test, removed with everything in it when the test's body ends, also
/// when it throws.
public enum ScopedTemporaryDirectory {
    /// Runs `body` with the directory's path and removes the directory afterwards.
    public static func with<T>(_ label: String = "test", _ body: (String) async throws -> T) async throws -> T {
        let path = NSTemporaryDirectory() + "castscope-\(label)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try await body(path)
    }
}
