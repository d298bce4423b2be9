#if canImport(Glibc)
import Glibc
#endif

/// What a log line's time leaves out and `tail` must supply: logcat and Chromium write no year, and logcat,
/// Chromium and Python write local time without a zone.
///
/// The rule (documented in Docs/tail.md): the year is `--year`, else the current year; the zone is `--tz`, else this
/// machine's zone at that time. A year-less time that would then lie more than a day in the future (a log from
/// December read in January) is taken from the year before.
public struct AppLogContext: Sendable, Hashable {
    /// The year given to times without one.
    public var year: Int
    /// Seconds east of UTC of the local times, nil for this machine's zone at each time.
    public var utcOffset: Int?
    /// The latest plausible time: a year-less time after it belongs to the year before.
    public var now: LogTimestamp

    /// A context with `year` and `utcOffset` (nil: this machine's zone), `now` bounding year-less times.
    public init(year: Int, utcOffset: Int? = nil, now: LogTimestamp = .now()) {
        self.year = year
        self.utcOffset = utcOffset
        self.now = now
    }

    /// This year, this machine's zone.
    public static var current: AppLogContext {
        let now = LogTimestamp.now()
        return AppLogContext(year: now.civilYear, now: now)
    }

    /// The instant of a local date and time of the log: `utcOffset`, or the machine's zone for that moment.
    func instant(year: Int?, month: Int, day: Int, hour: Int, minute: Int, second: Int, microseconds: Int)
        -> LogTimestamp?
    {
        guard var time = LogTimestamp(year: year ?? self.year, month: month, day: day, hour: hour, minute: minute,
                                      second: second, microseconds: microseconds) else { return nil }
        time.seconds -= Int64(utcOffset ?? Self.localOffset(at: time.seconds))
        // A year-less time far in the future belongs to the year before (a December log read in January).
        if year == nil, time.seconds > now.seconds + 86_400,
           let earlier = instant(year: self.year - 1, month: month, day: day, hour: hour, minute: minute,
                                 second: second, microseconds: microseconds) {
            return earlier
        }
        return time
    }

    /// Seconds east of UTC of this machine's zone at `seconds` (the local reading of that instant, near enough
    /// for a zone rule that changes twice a year).
    static func localOffset(at seconds: Int64) -> Int {
        var time = time_t(seconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }

    /// `+HH:MM`, `-HHMM`, `Z` or `UTC` as seconds east of UTC, nil when it is none of them.
    public static func parseOffset(_ text: String) -> Int? {
        if text == "Z" || text.uppercased() == "UTC" { return 0 }
        var scanner = LineScanner(Substring(text))
        guard let offset = scanner.zoneOffset(), scanner.isAtEnd else { return nil }
        return offset
    }
}

extension LogTimestamp {
    /// The UTC calendar year of the instant.
    var civilYear: Int {
        var time = time_t(seconds)
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return 1970 }
        return Int(parts.tm_year) + 1900
    }
}
