import CastLog
public import Foundation

/// The times `castscope auth` reads and prints: RFC 3339 (`2016-04-01T00:00:00Z`) or a date (`2016-04-01`, UTC midnight).
public enum DeviceTrustTime {
    /// Parses `text` with the one RFC 3339 parser every command uses (`LogTimestamp`), which refuses impossible
    /// dates (2026-02-30); nil when it is neither form.
    public static func parse(_ text: String) -> Date? {
        guard let time = LogTimestamp(rfc3339: text) else { return nil }
        // A bare date is UTC midnight; a time must carry its zone (RFC 3339).
        return Date(timeIntervalSince1970: time.timeIntervalSince1970)
    }

    /// `2016-04-01T00:00:00Z`.
    public static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
