/// Android logcat lines (`adb logcat -v threadtime|time|brief|long`, with `year`, `epoch`, `UTC`/`zone`), from
/// logcat's documented output formats: the tag is the class (Cast SDK tags such as CastContext, MediaRouter,
/// RemoteMediaClient), the priority letter the level. `long` prints a header line
/// (`[ 12-06 10:41:07.123  1234: 5678 D/CastContext ]`) and the message on the lines after it: the header is a
/// record with an empty message, and the message lines continue it (as every line that is not a record does).
///
/// | logcat | GCK level |
/// |---|---|
/// | V | verbose (1) |
/// | D | debug (2) |
/// | I | info (3) |
/// | W | warning (4) |
/// | E | error (5) |
/// | F, A | assert (6) |
enum LogcatLine {
    /// The GCK level of a logcat priority letter.
    static func level(_ letter: UInt8) -> LogLevel? {
        switch letter {
        case UInt8(ascii: "V"): .verbose
        case UInt8(ascii: "D"): .debug
        case UInt8(ascii: "I"): .info
        case UInt8(ascii: "W"): .warning
        case UInt8(ascii: "E"): .error
        case UInt8(ascii: "F"), UInt8(ascii: "A"): .assert
        default: nil
        }
    }

    /// The record of one logcat line, or nil when it is not one; `timed` is false for `brief`, which has no time.
    /// logcat's buffer banners (`--------- beginning of main`, `--------- switch to crash`): not records.
    static func isBanner(_ line: Substring) -> Bool {
        line.hasPrefix("--------- beginning of ") || line.hasPrefix("--------- switch to ")
    }

    /// `bytes` is a scanner over `line` at its start.
    static func parse(_ line: Substring, _ bytes: LineScanner, context: AppLogContext)
        -> (record: LogRecord, timed: Bool)? {
        if line.hasPrefix("[ ") { return longHeader(bytes, context: context) }
        var scanner = bytes
        let time = timestamp(&scanner, context: context)
        if time == nil { scanner.position = 0 }
        var pid = 0, tid: Int?
        let letter: UInt8
        let tag: String
        if time != nil, scanner.spaces() > 0, let process = scanner.number(maximum: 10) {
            // threadtime: PID TID L Tag: message
            guard scanner.spaces() > 0, let thread = scanner.number(maximum: 10), scanner.spaces() > 0,
                  !scanner.isAtEnd else { return nil }
            pid = process
            tid = thread
            letter = scanner.bytes[scanner.position]
            scanner.position += 1
            guard scanner.spaces() > 0, let name = scanner.word(until: UInt8(ascii: ":"), maximum: 128) else {
                return nil
            }
            tag = trimmed(name)
        } else {
            // time and brief: L/Tag( PID): message
            if time != nil { scanner.spaces() }
            guard !scanner.isAtEnd else { return nil }
            letter = scanner.bytes[scanner.position]
            scanner.position += 1
            guard scanner.expect(UInt8(ascii: "/")), let name = scanner.word(until: UInt8(ascii: "("), maximum: 128)
            else { return nil }
            tag = trimmed(name)
            scanner.spaces()
            guard let process = scanner.number(maximum: 10), scanner.expect(UInt8(ascii: ")")),
                  scanner.expect(UInt8(ascii: ":")) else { return nil }
            pid = process
        }
        guard let level = level(letter), !tag.isEmpty else { return nil }
        _ = scanner.expect(0x20)
        var metadata: LogMetadata = ["format": "logcat", "pid": .int(Int64(pid))]
        if let tid { metadata.append("tid", .int(Int64(tid))) }
        let record = LogRecord(timestamp: time ?? AppLogLine.untimed, level: level, className: tag,
                               function: "", file: "", line: 0, message: scanner.rest, metadata: metadata)
        return (record, time != nil)
    }

    /// `long`'s header: `[ TIME  PID: TID L/Tag ]` (the pid padded to five columns).
    private static func longHeader(_ bytes: LineScanner, context: AppLogContext)
        -> (record: LogRecord, timed: Bool)? {
        var scanner = bytes
        scanner.position += 2  // "[ "
        guard let time = timestamp(&scanner, context: context), scanner.spaces() > 0,
              let pid = scanner.number(maximum: 10), scanner.expect(UInt8(ascii: ":")), scanner.optionalSpaces(),
              let tid = scanner.number(maximum: 10), scanner.spaces() > 0, !scanner.isAtEnd else { return nil }
        let letter = scanner.bytes[scanner.position]
        scanner.position += 1
        guard let level = level(letter), scanner.expect(UInt8(ascii: "/")), scanner.rest.hasSuffix(" ]") else {
            return nil
        }
        let tag = trimmed(String(scanner.rest.dropLast(2)))
        guard !tag.isEmpty else { return nil }
        let metadata: LogMetadata = ["format": "logcat", "pid": .int(Int64(pid)), "tid": .int(Int64(tid))]
        return (LogRecord(timestamp: time, level: level, className: tag, function: "", file: "", line: 0,
                          message: "", metadata: metadata), true)
    }

    /// `MM-DD HH:MM:SS.mmm`, `YYYY-MM-DD HH:MM:SS.mmm` or `SECONDS.mmm`, then an optional ` +HHMM` zone.
    private static func timestamp(_ scanner: inout LineScanner, context: AppLogContext) -> LogTimestamp? {
        let start = scanner.position
        if let epoch = scanner.number(maximum: 12), scanner.expect(UInt8(ascii: ".")), let micros = scanner.fraction(),
           epoch > 99_999 {
            return LogTimestamp(seconds: Int64(epoch), microseconds: Int32(micros))
        }
        scanner.position = start
        var year: Int?
        guard let first = scanner.digits(2) else { return nil }
        var month = first
        if let rest = scanner.digits(2) {
            year = first * 100 + rest
            guard scanner.expect(UInt8(ascii: "-")), let parsed = scanner.digits(2) else { return nil }
            month = parsed
        }
        guard scanner.expect(UInt8(ascii: "-")), let day = scanner.digits(2), scanner.expect(0x20),
              let clock = scanner.clock(fractionRequired: true) else { return nil }
        // -v zone: " +0100" after the time.
        let beforeZone = scanner.position
        var context = context
        if scanner.spaces() == 1, let offset = scanner.zoneOffset(colon: false) {
            context.utcOffset = offset
        } else {
            scanner.position = beforeZone
        }
        return context.instant(year: year, month: month, day: day, hour: clock.hour, minute: clock.minute,
                               second: clock.second, microseconds: clock.microseconds)
    }

    static func trimmed(_ text: String) -> String {
        // Spaces are single UTF-8 bytes, so the byte positions are character boundaries; most tags have none.
        let bytes = text.utf8
        guard let first = bytes.firstIndex(where: { $0 != 0x20 }), let last = bytes.lastIndex(where: { $0 != 0x20 })
        else { return "" }
        if first == bytes.startIndex, bytes.index(after: last) == bytes.endIndex { return text }
        return String(text[first...last])
    }
}
