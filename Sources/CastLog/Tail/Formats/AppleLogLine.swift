/// What Apple's `log show` and `log stream` print (log(1)), in the default and the compact style:
///
///     Timestamp                       Thread     Type        Activity             PID    TTL
///     2026-12-06 10:41:07.123456+0100 0x2c1e3    Default     0x0                  812    0    CastVideos: (GoogleCast) [com.google.cast:session] message
///
///     Timestamp               Ty Process[PID:TID]
///     2026-12-06 10:41:07.123 Df CastVideos[812:2c1e3] (GoogleCast) [com.google.cast:session] message
///
/// The library in parentheses and the `[subsystem:category]` are there only when the message has them. A message
/// that is a GCKLoggerDelegate line gives its class and function (`GCKLogLine`); any other message is a record of
/// its category, or of its process when it has none. Types map to levels as idevicesyslog's do: Debug debug, Info
/// and Default info, Error error, Fault assert (Activity and Signpost entries are info). The compact style's time
/// has no zone: it is read in `--tz` (the local zone by default).
enum AppleLogLine {
    /// `bytes` is a scanner over `line` at its start.
    static func parse(_ line: Substring, _ bytes: LineScanner, context: AppLogContext)
        -> (record: LogRecord, timed: Bool)? {
        var scanner = bytes
        guard let date = scanner.date(), scanner.expect(0x20), let clock = scanner.clock(fractionRequired: true)
        else { return nil }
        var zoned = context
        if let offset = scanner.zoneOffset(colon: false) { zoned.utcOffset = offset }
        guard scanner.spaces() > 0,
              let time = zoned.instant(year: date.year, month: date.month, day: date.day, hour: clock.hour,
                                       minute: clock.minute, second: clock.second, microseconds: clock.microseconds)
        else { return nil }
        var metadata: LogMetadata = ["format": "apple"]
        let head: (level: LogLevel, process: String)?
        if scanner.peekIsHexPrefix {
            head = defaultStyle(&scanner, metadata: &metadata)
        } else {
            head = compactStyle(&scanner, metadata: &metadata)
        }
        guard let head else { return nil }
        var message = Substring(scanner.rest)
        // `(Library) ` and `[subsystem:category] `, each when present.
        if message.first == "(", let close = message.firstIndex(of: ")"),
           message[message.index(after: close)...].first == " " {
            metadata.append("library", .string(String(message[message.index(after: message.startIndex)..<close])))
            message = message[message.index(close, offsetBy: 2)...]
        }
        var category: String?
        if message.first == "[", let close = message.firstIndex(of: "]"),
           message[message.index(after: close)...].first == " " || message.index(after: close) == message.endIndex {
            let label = message[message.index(after: message.startIndex)..<close]
            if let colon = label.firstIndex(of: ":") {
                metadata.append("subsystem", .string(String(label[..<colon])))
                category = String(label[label.index(after: colon)...])
                metadata.append("category", .string(category ?? ""))
            } else {
                metadata.append("subsystem", .string(String(label)))
            }
            message = message[message.index(after: close)...].drop { $0 == " " }
        }
        let owner = category.flatMap { $0.isEmpty ? nil : $0 } ?? head.process
        return GCKLogLine.record(message, time: time, level: head.level, process: owner, metadata: metadata)
            ?? (LogRecord(timestamp: time, level: head.level, className: owner, function: "", file: "", line: 0,
                          message: "", metadata: metadata), true)
    }

    /// `Thread Type Activity PID [TTL] Process: ` (the TTL column is missing from older `log show`).
    private static func defaultStyle(_ scanner: inout LineScanner, metadata: inout LogMetadata)
        -> (level: LogLevel, process: String)?
    {
        guard let thread = scanner.hexNumber(), scanner.spaces() > 0,
              // The word's end took one space; the column's padding may add more.
              let type = scanner.word(until: 0x20, maximum: 16), let level = level(ofType: type),
              scanner.optionalSpaces(), let activity = scanner.hexNumber(), scanner.spaces() > 0,
              let pid = scanner.number(maximum: 10), scanner.spaces() > 0 else { return nil }
        let afterPID = scanner.position
        if scanner.number(maximum: 10) == nil || scanner.spaces() == 0 { scanner.position = afterPID }
        guard let process = scanner.word(until: UInt8(ascii: ":"), maximum: 256), !process.isEmpty else { return nil }
        _ = scanner.expect(0x20)
        metadata.append("pid", .int(Int64(pid)))
        metadata.append("tid", .int(Int64(truncatingIfNeeded: thread)))
        if activity != 0 { metadata.append("activity", .int(Int64(truncatingIfNeeded: activity))) }
        return (level, process)
    }

    /// `Ty Process[PID:TID] ` (the thread in hex).
    private static func compactStyle(_ scanner: inout LineScanner, metadata: inout LogMetadata)
        -> (level: LogLevel, process: String)?
    {
        guard let type = scanner.word(until: 0x20, maximum: 2), let level = level(ofType: type),
              scanner.optionalSpaces(),
              let process = scanner.word(until: UInt8(ascii: "["), maximum: 256), !process.isEmpty,
              !process.contains(" "), let pid = scanner.number(maximum: 10),
              scanner.expect(UInt8(ascii: ":")), let thread = scanner.hexNumber(prefixed: false),
              scanner.expect(UInt8(ascii: "]")) else { return nil }
        _ = scanner.expect(0x20)
        metadata.append("pid", .int(Int64(pid)))
        metadata.append("tid", .int(Int64(truncatingIfNeeded: thread)))
        return (level, process)
    }

    /// The level of a type as the default style (`Default`) or the compact one (`Df`) names it.
    static func level(ofType type: String) -> LogLevel? {
        switch type {
        case "Default", "Df", "Info", "I", "In", "Activity", "A", "Ac", "Signpost", "S", "Sp": .info
        case "Debug", "Db", "D": .debug
        case "Error", "E", "Er": .error
        case "Fault", "F", "Fa": .assert
        default: nil
        }
    }

    /// The column headers both styles print first, and `log`'s note on its predicate: not records.
    static func isHeader(_ line: Substring) -> Bool {
        line.hasPrefix("Timestamp ") && (line.contains(" Thread ") || line.contains(" Ty "))
            || line.hasPrefix("Filtering the log data using ")
    }
}
