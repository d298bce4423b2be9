import Foundation
import Testing

/// A real peer (daemon, shell, tool) a test needs but this machine lacks: said as a skip, or recorded as a failure
/// under `CASTSCOPE_REQUIRE_PEERS=1` (as `make test` and CI run), so a missing install step cannot hide.
public enum MissingPeer {
    /// Says `reason` as a skip, or fails the current test when peers are required.
    public static func report(_ reason: String) {
        if ProcessInfo.processInfo.environment["CASTSCOPE_REQUIRE_PEERS"] == "1" {
            Issue.record(Comment(rawValue: reason))
        } else {
            print("skipped: \(reason)")
        }
    }

    /// True when `program` is executable; otherwise reports "`program` is not installed" and returns false.
    public static func installed(_ program: String) -> Bool {
        if FileManager.default.isExecutableFile(atPath: program) { return true }
        report("\(program) is not installed (scripts/setup installs it)")
        return false
    }
}
