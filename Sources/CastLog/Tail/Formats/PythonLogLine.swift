/// Python `logging` lines as pychromecast and Home Assistant users have them, from the logging module's documented
/// formats: the logger name is the class (`pychromecast.socket_client`).
///
/// - `basicConfig`'s default `LEVEL:logger:message` (no time);
/// - Home Assistant's `YYYY-MM-DD HH:MM:SS.fff LEVEL (Thread) [logger] message`;
/// - `%(asctime)s %(levelname)s %(name)s %(message)s` and `%(asctime)s - %(name)s - %(levelname)s - %(message)s`
///   (asctime is `YYYY-MM-DD HH:MM:SS,mmm`, local time).
///
/// Levels: DEBUG → debug, INFO → info, WARNING/WARN → warning, ERROR → error, CRITICAL/FATAL → assert, NOTSET →
/// verbose.
enum PythonLogLine {
    static func level(_ name: String) -> LogLevel? {
        switch name {
        case "NOTSET": .verbose
        case "DEBUG": .debug
        case "INFO": .info
        case "WARNING", "WARN": .warning
        case "ERROR": .error
        case "CRITICAL", "FATAL": .assert
        default: nil
        }
    }

    /// `bytes` is a scanner over `line` at its start.
    static func parse(_ line: Substring, _ bytes: LineScanner, context: AppLogContext)
        -> (record: LogRecord, timed: Bool)? {
        var scanner = bytes
        guard let time = timestamp(&scanner, context: context) else { return basic(line) }
        guard scanner.spaces() > 0 else { return nil }
        if scanner.expect(UInt8(ascii: "-")) {
            // asctime - name - LEVEL - message
            guard scanner.spaces() == 1, let name = scanner.word(until: 0x20, maximum: 200),
                  scanner.expect(UInt8(ascii: "-")), scanner.spaces() == 1,
                  let levelName = scanner.word(until: 0x20, maximum: 10), let level = level(levelName),
                  scanner.expect(UInt8(ascii: "-")) else { return nil }
            _ = scanner.expect(0x20)
            return (record(time, level, name, scanner.rest), true)
        }
        guard let levelName = scanner.word(until: 0x20, maximum: 10), let level = level(levelName) else { return nil }
        scanner.spaces()
        if scanner.expect(UInt8(ascii: "(")) {
            // Home Assistant: (Thread) [logger] message
            guard scanner.word(until: UInt8(ascii: ")"), maximum: 200) != nil, scanner.spaces() > 0,
                  scanner.expect(UInt8(ascii: "[")), let name = scanner.word(until: UInt8(ascii: "]"), maximum: 200)
            else { return nil }
            _ = scanner.expect(0x20)
            return (record(time, level, name, scanner.rest), true)
        }
        guard let name = scanner.word(until: 0x20, maximum: 200), !name.isEmpty else { return nil }
        return (record(time, level, name, scanner.rest), true)
    }

    /// `LEVEL:logger:message`, which carries no time.
    private static func basic(_ line: Substring) -> (record: LogRecord, timed: Bool)? {
        guard let colon = line.firstIndex(of: ":"), let level = level(String(line[..<colon])) else { return nil }
        let rest = line[line.index(after: colon)...]
        guard let second = rest.firstIndex(of: ":"), !rest[..<second].isEmpty,
              !rest[..<second].contains(" ") else { return nil }
        return (record(AppLogLine.untimed, level, String(rest[..<second]),
                       String(rest[rest.index(after: second)...])), false)
    }

    /// `YYYY-MM-DD HH:MM:SS` with `,mmm` or `.fff`.
    private static func timestamp(_ scanner: inout LineScanner, context: AppLogContext) -> LogTimestamp? {
        guard let date = scanner.date(), scanner.expect(0x20),
              let clock = scanner.clock(fractionAfter: [UInt8(ascii: ","), UInt8(ascii: ".")], fractionRequired: true)
        else { return nil }
        return context.instant(year: date.year, month: date.month, day: date.day, hour: clock.hour,
                               minute: clock.minute, second: clock.second, microseconds: clock.microseconds)
    }

    private static func record(_ time: LogTimestamp, _ level: LogLevel, _ name: String, _ message: String) -> LogRecord {
        LogRecord(timestamp: time, level: level, className: name, function: "", file: "", line: 0, message: message,
                  metadata: ["format": "python"])
    }
}
