public import Foundation

/// The times `castscope auth` reads and prints: RFC 3339 (`2016-04-01T00:00:00Z`) or a date (`2016-04-01`, UTC midnight).
public enum DeviceTrustTime {
    /// Parses `text`; nil when it is neither form.
    public static func parse(_ text: String) -> Date? {
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        if let date = plain.date(from: text) ?? withFraction.date(from: text) { return date }
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        day.timeZone = TimeZone(identifier: "UTC")
        guard text.count == 10 else { return nil }
        return day.date(from: text)
    }

    /// `2016-04-01T00:00:00Z`.
    public static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
