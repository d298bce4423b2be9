/// What an iOS sender's `GCKLoggerDelegate` prints (the Cast guide's and codelab's examples): `function - message`,
/// `location: function - message`, or NSLog's `function - message, location`, bare (Xcode's console) or behind
/// NSLog's prefix (`2026-12-06 10:41:07.123456+0100 CastVideos[812:39011] `) or idevicesyslog's (`Dec  6
/// 10:41:07 iPhone CastVideos(GoogleCast)[812] <Notice>: `), which is how a Linux user streams an iPhone's log.
///
/// The class is what GCK filters match: `GCKDeviceScanner` of `-[GCKDeviceScanner startScan]` (categories such as
/// `GCKCastSession(Internal)` count as the class), `GCKSessionManager` of `GCKSessionManager.startSession(with:)`.
/// The delegate does not print its level: a record is `debug`, or idevicesyslog's level when it gives one
/// (Debug debug, Info and Notice info, Warning warning, Error error, Fault assert). A prefixed line without a GCK
/// function is a record of the process (class `CastVideos`).
enum GCKLogLine {
    /// `bytes` is a scanner over `line` at its start.
    static func parse(_ line: Substring, _ bytes: LineScanner, context: AppLogContext)
        -> (record: LogRecord, timed: Bool)? {
        var metadata: LogMetadata = ["format": "gck"]
        guard let prefix = nslogPrefix(bytes, context: context) ?? syslogPrefix(line, bytes, context: context) else {
            return record(line, time: nil, level: .debug, process: nil, metadata: metadata)
        }
        metadata.append("pid", .int(Int64(prefix.pid)))
        return record(prefix.rest, time: prefix.time, level: prefix.level ?? .debug, process: prefix.process,
                      metadata: metadata)
    }

    /// The record of what follows a prefix (or a bare line): a delegate line's class, function, location and
    /// message; without a GCK function, a record of class `process` (nil: not a record).
    static func record(_ text: Substring, time: LogTimestamp?, level: LogLevel, process: String?,
                       metadata: LogMetadata) -> (record: LogRecord, timed: Bool)? {
        var rest = text
        var file = "", lineNumber: UInt = 0
        // `location: function - message`: a source location first.
        if let separator = LineScanner.firstRange(of: ": ", in: rest),
           let place = Self.place(rest[..<separator.lowerBound]),
           Self.function(rest[separator.upperBound...]) != nil {
            (file, lineNumber) = place
            rest = rest[separator.upperBound...]
        }
        guard let call = Self.function(rest) else {
            guard let process, !rest.isEmpty else { return nil }
            let record = LogRecord(timestamp: time ?? AppLogLine.untimed, level: level, className: process,
                                   function: "", file: "", line: 0, message: String(rest), metadata: metadata)
            return (record, time != nil)
        }
        var message = call.message
        // NSLog's `message, File.m:123`.
        if file.isEmpty, let comma = message.lastIndex(of: ","),
           let place = Self.place(message[message.index(after: comma)...].drop { $0 == " " }) {
            (file, lineNumber) = place
            message = message[..<comma]
        }
        let record = LogRecord(timestamp: time ?? AppLogLine.untimed, level: level, className: call.className,
                               function: call.function, file: file, line: lineNumber, message: String(message),
                               metadata: metadata)
        return (record, time != nil)
    }

    /// `-[Class method:with:] - message`, `+[Class(Category) method] - message` or `Class.method(_:) - message`:
    /// the class, the function (the selector, or the Swift member with its labels) and the message.
    static func function(_ text: Substring) -> (className: String, function: String, message: Substring)? {
        guard let separator = LineScanner.firstRange(of: " - ", in: text) else { return nil }
        let function = text[..<separator.lowerBound]
        let message = text[separator.upperBound...]
        if function.hasPrefix("-[") || function.hasPrefix("+[") {
            guard function.hasSuffix("]"), let space = function.firstIndex(of: " ") else { return nil }
            var className = function[function.index(function.startIndex, offsetBy: 2)..<space]
            if let paren = className.firstIndex(of: "(") { className = className[..<paren] }
            guard isIdentifier(className) else { return nil }
            // The selector is the function, as castscope's own records name theirs (`startScan`, `load:`).
            let selector = function[function.index(after: space)..<function.index(before: function.endIndex)]
            return (String(className), String(selector), message)
        }
        // Swift: Type.member(labels:) — an identifier, a dot, and a member with its argument labels.
        guard let dot = function.firstIndex(of: "."), function.hasSuffix(")"), function.contains("("),
              !function.contains(" ") else { return nil }
        let className = function[..<dot]
        guard isIdentifier(className) else { return nil }
        return (String(className), String(function[function.index(after: dot)...]), message)
    }

    private static func isIdentifier(_ text: Substring) -> Bool {
        // ASCII names (nearly all) are checked byte by byte; others by Unicode's alphabetic property.
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            func isLetter(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "_") || (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
            guard let first = utf8.first, isLetter(first) else { return false }
            return utf8.allSatisfy { isLetter($0) || $0 >= 0x30 && $0 <= 0x39 }
        }
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    /// `File.m:123` / `File.swift:88` as a file and line.
    static func place(_ text: Substring) -> (file: String, line: UInt)? {
        guard let colon = text.lastIndex(of: ":"), let number = UInt(text[text.index(after: colon)...]),
              text[..<colon].contains("."), !text[..<colon].contains(" ") else { return nil }
        return (String(text[..<colon]), number)
    }

    /// NSLog: `YYYY-MM-DD HH:MM:SS.ffffff+ZZZZ Process[pid:tid] `.
    private static func nslogPrefix(_ bytes: LineScanner, context: AppLogContext)
        -> (time: LogTimestamp, process: String, pid: Int, level: LogLevel?, rest: Substring)?
    {
        var scanner = bytes
        guard let date = scanner.date(), scanner.expect(0x20), let clock = scanner.clock(fractionRequired: true),
              let offset = scanner.zoneOffset(colon: false), scanner.expect(0x20),
              let process = scanner.word(until: UInt8(ascii: "["), maximum: 200),
              !process.isEmpty, !process.contains(" "), let pid = scanner.number(maximum: 10),
              scanner.expect(UInt8(ascii: ":")), scanner.number(maximum: 20) != nil,
              scanner.expect(UInt8(ascii: "]")), scanner.expect(0x20) else { return nil }
        var utc = context
        utc.utcOffset = offset
        guard let time = utc.instant(year: date.year, month: date.month, day: date.day, hour: clock.hour,
                                     minute: clock.minute, second: clock.second, microseconds: clock.microseconds)
        else { return nil }
        return (time, process, pid, nil, Substring(scanner.rest))
    }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// idevicesyslog: `Mon DD HH:MM:SS Device Process(Library)[pid] <Level>: `.
    private static func syslogPrefix(_ line: Substring, _ bytes: LineScanner, context: AppLogContext)
        -> (time: LogTimestamp, process: String, pid: Int, level: LogLevel?, rest: Substring)?
    {
        guard line.utf8.count > 16, let month = months.firstIndex(of: String(line.prefix(3))) else { return nil }
        var scanner = bytes
        scanner.position += 3  // the month, ASCII
        guard scanner.spaces() > 0, let day = scanner.number(maximum: 2), scanner.expect(0x20),
              let hour = scanner.digits(2), scanner.expect(UInt8(ascii: ":")), let minute = scanner.digits(2),
              scanner.expect(UInt8(ascii: ":")), let second = scanner.digits(2), scanner.expect(0x20),
              // The device's name (which may hold spaces: "Tom's iPhone"), then Process(Library) before `[pid]`.
              let deviceAndProcess = scanner.word(until: UInt8(ascii: "["), maximum: 384),
              let space = deviceAndProcess.lastIndex(of: " "),
              let pid = scanner.number(maximum: 10), scanner.expect(UInt8(ascii: "]")), scanner.expect(0x20),
              let time = context.instant(year: nil, month: month + 1, day: day, hour: hour, minute: minute,
                                         second: second, microseconds: 0) else { return nil }
        let process = String(deviceAndProcess[deviceAndProcess.index(after: space)...].prefix { $0 != "(" })
        var level: LogLevel?
        if scanner.expect(UInt8(ascii: "<")), let name = scanner.word(until: UInt8(ascii: ">"), maximum: 16) {
            level = switch name {
            case "Debug": .debug
            case "Info", "Notice": .info
            case "Warning": .warning
            case "Error": .error
            case "Fault", "Critical": .assert
            default: nil
            }
            guard scanner.expect(UInt8(ascii: ":")) else { return nil }
            _ = scanner.expect(0x20)
        }
        guard !process.isEmpty else { return nil }
        return (time, process, pid, level, Substring(scanner.rest))
    }
}
