/// Parsers for the value types command lines use: integers and durations (`500ms`, `4s`, `2m`, `1h`, `4`, `0.5`).
public enum ValueParser {
    /// The longest duration accepted, so conversions to nanoseconds cannot overflow (about 31 years).
    public static let maximumDurationSeconds: Int64 = 1_000_000_000

    /// A decimal integer with an optional sign, or nil.
    public static func integer(_ text: String) -> Int? {
        Int(text)
    }

    /// A non-negative duration in nanoseconds; a plain number means seconds; nil when malformed or too long.
    public static func nanoseconds(_ text: String) -> Int64? {
        let (number, unit) = splitUnit(text)
        guard let unit, let (whole, fraction) = splitNumber(number) else { return nil }
        let (scaledWhole, overflow) = whole.multipliedReportingOverflow(by: unit)
        guard !overflow, scaledWhole <= maximumDurationSeconds * 1_000_000_000 else { return nil }
        // Adding the fraction digit by digit keeps `0.1s` exact (no binary floating point) and cannot overflow.
        var fractionNanos: Int64 = 0
        var scale = unit
        for digit in fraction {
            scale /= 10
            fractionNanos += Int64(digit) * scale
        }
        return scaledWhole + fractionNanos
    }

    /// A non-negative duration (see `nanoseconds(_:)`), or nil.
    public static func duration(_ text: String) -> Duration? {
        nanoseconds(text).map { Duration.nanoseconds($0) }
    }

    /// A non-negative duration in seconds (see `nanoseconds(_:)`), or nil.
    public static func seconds(_ text: String) -> Double? {
        nanoseconds(text).map { Double($0) / 1_000_000_000 }
    }

    /// Splits `500ms` into `500` and the unit's length in nanoseconds; no suffix means seconds.
    private static func splitUnit(_ text: String) -> (Substring, Int64?) {
        let units: [(String, Int64)] = [("ms", 1_000_000), ("s", 1_000_000_000), ("m", 60_000_000_000),
                                        ("h", 3_600_000_000_000)]
        for (suffix, nanos) in units where text.hasSuffix(suffix) {
            return (text.dropLast(suffix.count), nanos)
        }
        guard let last = text.last, last.isASCII, last.isNumber || last == "." else { return (Substring(text), nil) }
        return (Substring(text), 1_000_000_000)
    }

    /// Splits `12.345` into 12 and the fraction digits [3, 4, 5] (at most nine kept); nil unless digits[.digits].
    private static func splitNumber(_ text: Substring) -> (Int64, [UInt8])? {
        var whole: Int64 = 0
        var fraction: [UInt8] = []
        var sawDot = false
        var wholeDigits = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard !sawDot else { return nil }
                sawDot = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                let digit = byte - UInt8(ascii: "0")
                if sawDot {
                    if fraction.count < 9 { fraction.append(digit) }
                } else {
                    wholeDigits += 1
                    guard wholeDigits <= 15 else { return nil }
                    whole = whole * 10 + Int64(digit)
                }
            } else {
                return nil
            }
        }
        guard wholeDigits > 0, !sawDot || !fraction.isEmpty else { return nil }
        return (whole, fraction)
    }
}
