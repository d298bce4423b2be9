public import CastJSON
#if canImport(Glibc)
import Glibc
#endif

/// A UTC instant with microsecond resolution, formatted as RFC 3339 (`2026-11-30T05:28:40.123456Z`).
public struct LogTimestamp: Sendable, Hashable, Comparable {
    /// Seconds since the Unix epoch.
    public var seconds: Int64
    /// Microseconds within the second, 0…999_999.
    public var microseconds: Int32

    /// The instant `seconds` + `microseconds` after the epoch.
    public init(seconds: Int64, microseconds: Int32) {
        self.seconds = seconds
        self.microseconds = microseconds
    }

    /// The current wall-clock time.
    public static func now() -> LogTimestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return LogTimestamp(seconds: Int64(spec.tv_sec), microseconds: Int32(spec.tv_nsec / 1000))
    }

    /// Seconds since the epoch as a double.
    public var timeIntervalSince1970: Double { Double(seconds) + Double(microseconds) / 1_000_000 }

    public static func < (lhs: LogTimestamp, rhs: LogTimestamp) -> Bool {
        (lhs.seconds, lhs.microseconds) < (rhs.seconds, rhs.microseconds)
    }

    /// The RFC 3339 text with six fractional digits and `Z`.
    public var rfc3339: String {
        var out: [UInt8] = []
        var cache = TimestampCache()
        cache.append(self, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Parses RFC 3339 (`T` or space separator, 0–9 fractional digits, `Z` or `±HH:MM`), also a bare date
    /// (`2026-11-30`, midnight UTC). Returns nil for anything else.
    public init?(rfc3339 text: some StringProtocol) {
        var parser = TimestampParser(Array(text.utf8))
        guard let value = parser.parse() else { return nil }
        self = value
    }
}

extension LogTimestamp {
    /// The instant of a civil date and time at `utcOffset` seconds east of UTC, or nil for an impossible one
    /// (month 13, 2026-02-30, hour 24…), for the log formats that spell their times in parts.
    init?(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, microseconds: Int,
          utcOffset: Int = 0) {
        guard (1...12).contains(month), day >= 1, day <= TimestampParser.daysIn(month: month, year: year),
              (0..<24).contains(hour), (0..<60).contains(minute), (0...60).contains(second),
              (0..<1_000_000).contains(microseconds) else { return nil }
        let days = TimestampParser.daysFromCivil(year: year, month: month, day: day)
        self.init(seconds: Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(utcOffset),
                  microseconds: Int32(microseconds))
    }
}

/// Formats timestamps quickly by reusing the date-and-time prefix while the second has not changed.
///
/// The whole 27-byte text lives in a fixed inline buffer: per record only the six fraction digits are rewritten
/// and the buffer is appended in one run (no array, no retain, one capacity check).
public struct TimestampCache: Sendable {
    private static let length = 27
    private var cachedSecond: Int64 = .min
    // `YYYY-MM-DDTHH:MM:SS.ffffffZ` in 32 bytes of inline storage.
    private var text: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// Nothing cached yet.
    public init() {}

    /// Appends `timestamp` as `YYYY-MM-DDTHH:MM:SS.ffffffZ`.
    public mutating func append<Output: ByteOutput & ~Copyable>(_ timestamp: LogTimestamp, to out: inout Output) {
        if timestamp.seconds != cachedSecond {
            cachedSecond = timestamp.seconds
            formatSecond(timestamp.seconds)
        }
        // Constant divisors compile to multiplications; a loop over a variable divisor would divide for real.
        let fraction = UInt32(max(0, min(999_999, timestamp.microseconds)))
        let zero = UInt8(ascii: "0")
        withUnsafeMutableBytes(of: &text) { bytes in
            bytes[20] = zero &+ UInt8(truncatingIfNeeded: fraction / 100_000)
            bytes[21] = zero &+ UInt8(truncatingIfNeeded: fraction / 10_000 % 10)
            bytes[22] = zero &+ UInt8(truncatingIfNeeded: fraction / 1_000 % 10)
            bytes[23] = zero &+ UInt8(truncatingIfNeeded: fraction / 100 % 10)
            bytes[24] = zero &+ UInt8(truncatingIfNeeded: fraction / 10 % 10)
            bytes[25] = zero &+ UInt8(truncatingIfNeeded: fraction % 10)
            // SAFETY: the tuple is 32 bytes; the text is its first 27.
            let start = bytes.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self)
            out.appendBytes(UnsafeBufferPointer(start: start, count: Self.length))
        }
    }

    private mutating func formatSecond(_ seconds: Int64) {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        withUnsafeMutableBytes(of: &text) { bytes in
            Self.putDigits(Int(parts.tm_year) + 1900, width: 4, at: 0, in: bytes)
            bytes[4] = UInt8(ascii: "-")
            Self.putDigits(Int(parts.tm_mon) + 1, width: 2, at: 5, in: bytes)
            bytes[7] = UInt8(ascii: "-")
            Self.putDigits(Int(parts.tm_mday), width: 2, at: 8, in: bytes)
            bytes[10] = UInt8(ascii: "T")
            Self.putDigits(Int(parts.tm_hour), width: 2, at: 11, in: bytes)
            bytes[13] = UInt8(ascii: ":")
            Self.putDigits(Int(parts.tm_min), width: 2, at: 14, in: bytes)
            bytes[16] = UInt8(ascii: ":")
            Self.putDigits(Int(parts.tm_sec), width: 2, at: 17, in: bytes)
            bytes[19] = UInt8(ascii: ".")
            bytes[26] = UInt8(ascii: "Z")
        }
    }

    /// Writes `value` as `width` decimal digits (zero-padded, keeping the low digits) at `offset`.
    private static func putDigits(_ value: Int, width: Int, at offset: Int, in bytes: UnsafeMutableRawBufferPointer) {
        var rest = max(0, value)
        for position in stride(from: offset + width - 1, through: offset, by: -1) {
            bytes[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
    }
}

/// RFC 3339 parsing for `tail --since` and for reading log files back, on the `LineScanner` other programs' log
/// times are read with; and the calendar arithmetic all of them share.
struct TimestampParser {
    private var scanner: LineScanner

    init(_ bytes: [UInt8]) { scanner = LineScanner(bytes: bytes) }

    mutating func parse() -> LogTimestamp? {
        guard let date = scanner.date() else { return nil }
        // A bare date is midnight UTC; an impossible date (2026-02-30) is refused, not carried into the next month.
        if scanner.isAtEnd {
            return LogTimestamp(year: date.year, month: date.month, day: date.day, hour: 0, minute: 0, second: 0,
                                microseconds: 0)
        }
        guard scanner.expect(UInt8(ascii: "T")) || scanner.expect(UInt8(ascii: "t")) || scanner.expect(0x20),
              let clock = scanner.clock(), let offset = zone(), scanner.isAtEnd else { return nil }
        return LogTimestamp(year: date.year, month: date.month, day: date.day, hour: clock.hour, minute: clock.minute,
                            second: clock.second, microseconds: clock.microseconds, utcOffset: offset)
    }

    /// `Z` or `±HH:MM`, as seconds east of UTC.
    private mutating func zone() -> Int? {
        if scanner.expect(UInt8(ascii: "Z")) || scanner.expect(UInt8(ascii: "z")) { return 0 }
        return scanner.zoneOffset(colon: true)
    }

    /// The number of days of `month` (1–12) in the proleptic Gregorian `year`.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's civil-date algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
