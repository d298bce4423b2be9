/// Chromium's log lines (base/logging.cc's prefix): `[pid:tid:MMDD/HHMMSS.uuuuuu:LEVEL:file.cc(line)] message`, and
/// the variants without pid and tid, with a pid only, or with `VERBOSEn`. The source file is the class
/// (`cast_socket.cc`, matchable as `cast_socket*`); its path and line are the record's file and line.
///
/// Levels: VERBOSEn → verbose, INFO → info, WARNING → warning, ERROR → error, FATAL → assert.
enum ChromiumLogLine {
    static func level(_ name: String) -> LogLevel? {
        switch name {
        case "INFO": .info
        case "WARNING": .warning
        case "ERROR": .error
        case "FATAL": .assert
        default: name.hasPrefix("VERBOSE") ? .verbose : nil
        }
    }

    static func parse(_ line: Substring, context: AppLogContext) -> (record: LogRecord, timed: Bool)? {
        guard line.first == "[", let close = line.firstIndex(of: "]") else { return nil }
        let fields = line[line.index(after: line.startIndex)..<close].split(separator: ":", omittingEmptySubsequences: false)
        // [pid:tid:]MMDD/HHMMSS.uuuuuu:LEVEL:file(line): the time is the field with the slash.
        guard fields.count >= 3, fields.count <= 6, let timeIndex = fields.firstIndex(where: { $0.contains("/") }),
              timeIndex + 2 < fields.count, let level = level(String(fields[timeIndex + 1])) else { return nil }
        let ids = fields[..<timeIndex].map { Int($0) }
        guard ids.allSatisfy({ $0 != nil }) else { return nil }
        var scanner = LineScanner(fields[timeIndex])
        guard let month = scanner.digits(2), let day = scanner.digits(2), scanner.expect(UInt8(ascii: "/")),
              let hour = scanner.digits(2), let minute = scanner.digits(2), let second = scanner.digits(2),
              scanner.expect(UInt8(ascii: ".")), let micros = scanner.fraction(), scanner.isAtEnd,
              let time = context.instant(year: nil, month: month, day: day, hour: hour, minute: minute,
                                         second: second, microseconds: micros) else { return nil }
        // file(line), which may itself hold a colon (a Windows path): the rest joined back.
        let source = fields[(timeIndex + 2)...].joined(separator: ":")
        guard let open = source.lastIndex(of: "("), source.hasSuffix(")"),
              let number = UInt(source[source.index(after: open)..<source.index(before: source.endIndex)]) else {
            return nil
        }
        let path = String(source[..<open])
        let file = path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? path
        var metadata: LogMetadata = ["format": "chromium"]
        if ids.count >= 1, let pid = ids[0] { metadata.append("pid", .int(Int64(pid))) }
        if ids.count >= 2, let tid = ids[1] { metadata.append("tid", .int(Int64(tid))) }
        var message = line[line.index(after: close)...]
        if message.first == " " { message = message.dropFirst() }
        let record = LogRecord(timestamp: time, level: level, className: file, function: "", file: path,
                               line: number, message: String(message), metadata: metadata)
        return (record, true)
    }
}
