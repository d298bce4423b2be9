import CastLog
import Foundation

/// Reads one castscope log file (JSON lines or the text format) record by record, for the timeline merge.
///
/// Memory is bounded: a 64 KiB read buffer plus one line of at most `LogLineParser.maximumLineLength` bytes. Lines
/// that are not records are reported (file and line number) and skipped; blank lines are skipped silently.
public final class LogFileReader {
    /// A line that is not a record.
    public struct BadLine: Sendable, Hashable, CustomStringConvertible {
        /// The file.
        public var file: String
        /// 1-based line number.
        public var line: Int
        /// Why it is not a record.
        public var reason: String
        /// `FILE:LINE: reason`.
        public var description: String { "\(file):\(line): \(reason)" }
    }

    /// The path read.
    public let path: String
    /// Seconds added to every record's time to put it on the capture's clock.
    public let offset: Double
    /// Lines that were not records so far.
    public private(set) var badLines = 0
    /// Records read so far.
    public private(set) var records = 0
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var position = 0
    private var lineNumber = 0
    private var atEnd = false
    private var skippingLongLine = false
    private let onBadLine: (BadLine) -> Void

    /// Opens `path`; nil when it cannot be read. `onBadLine` hears of every line that is not a record.
    public init?(path: String, offset: Double = 0, onBadLine: @escaping (BadLine) -> Void = { _ in }) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        self.path = path
        self.offset = offset
        self.handle = handle
        self.onBadLine = onBadLine
    }

    deinit { try? handle.close() }

    /// The next record, or nil at the end of the file.
    public func next() -> LogRecordEvent? {
        while let (number, line) = nextLine() {
            if line.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            switch LogLineParser.parse(line) {
            case .success(let record):
                records += 1
                return LogRecordEvent(record: record, time: Self.shift(record.timestamp, by: offset), file: path,
                                      line: number)
            case .failure(let failure):
                badLines += 1
                onBadLine(BadLine(file: path, line: number, reason: failure.reason))
            }
        }
        return nil
    }

    /// `time` moved by `seconds` (microsecond precision).
    static func shift(_ time: LogTimestamp, by seconds: Double) -> LogTimestamp {
        guard seconds != 0, seconds.isFinite, abs(seconds) < 1e12 else { return time }
        let total = time.seconds.multipliedReportingOverflow(by: 1_000_000)
        guard !total.overflow else { return time }
        let shift = Int64(time.microseconds) + Int64((seconds * 1e6).rounded())
        let sum = total.partialValue.addingReportingOverflow(shift)
        guard !sum.overflow else { return time }
        let micros = sum.partialValue
        let whole = micros >= 0 ? micros / 1_000_000 : (micros - 999_999) / 1_000_000
        return LogTimestamp(seconds: whole, microseconds: Int32(micros - whole * 1_000_000))
    }

    /// The next line without its newline, with its number; overlong lines are reported and skipped.
    private func nextLine() -> (Int, String)? {
        var line: [UInt8] = []
        while true {
            if position == buffer.count {
                if atEnd {
                    guard !line.isEmpty || skippingLongLine else { return nil }
                    lineNumber += 1
                    if skippingLongLine {
                        skippingLongLine = false
                        reportLong()
                        return nil
                    }
                    return (lineNumber, String(decoding: line, as: UTF8.self))
                }
                let data = (try? handle.read(upToCount: 64 * 1024)) ?? nil
                buffer = data.map { [UInt8]($0) } ?? []
                position = 0
                if buffer.isEmpty { atEnd = true }
                continue
            }
            let end = buffer[position...].firstIndex(of: 0x0A) ?? buffer.count
            if !skippingLongLine {
                if line.count + (end - position) > LogLineParser.maximumLineLength {
                    skippingLongLine = true
                    line.removeAll()
                } else {
                    line.append(contentsOf: buffer[position..<end])
                }
            }
            position = end
            guard position < buffer.count else { continue }
            position += 1  // the newline
            lineNumber += 1
            if skippingLongLine {
                skippingLongLine = false
                reportLong()
                continue
            }
            if line.last == 0x0D { line.removeLast() }
            return (lineNumber, String(decoding: line, as: UTF8.self))
        }
    }

    private func reportLong() {
        badLines += 1
        onBadLine(BadLine(file: path, line: lineNumber,
                          reason: "line longer than \(LogLineParser.maximumLineLength) bytes"))
    }
}
