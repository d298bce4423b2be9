import Synchronization
import Foundation

/// Directories made for one test and removed, with their contents, when this object goes away: hold one in a test
/// suite's stored properties (Swift Testing makes a suite instance per test), so cleanup happens when the test
/// ends, passed or failed.
public final class TemporaryDirectories: Sendable {
    private let paths = Mutex<[String]>([])

    /// An owner of no directories yet.
    public init() {}

    /// A new empty directory under `$TMPDIR`, named `castscope-LABEL-UUID`.
    public func make(_ label: String) -> String {
        let path = NSTemporaryDirectory() + "castscope-\(label)-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        paths.withLock { $0.append(path) }
        return path
    }

    deinit {
        for path in paths.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
    }
}
