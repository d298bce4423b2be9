import CastLog
import CastTestSupport
import Foundation
import Testing

/// Records and daemon guards shared by the journal and syslog sink tests.
enum SystemSinkFixtures {
    static func record(_ message: String, level: LogLevel = .info, className: String = "GCKCastSession",
                       metadata: LogMetadata = [:]) -> LogRecord {
        LogRecord(timestamp: LogTimestamp(seconds: 1_796_000_000, microseconds: 123_456), level: level,
                  className: className, function: "start(with:)", file: "CastSender/CastSession.swift", line: 42,
                  message: message, metadata: metadata)
    }

    /// Runs `body` when `program` can run here; otherwise says why (a failure under CASTSCOPE_REQUIRE_PEERS=1).
    static func requiring(_ program: String, _ body: () throws -> Void) rethrows {
        if let reason = LogDaemons.missing(program) { return MissingPeer.report(reason) }
        try body()
    }
}
