import CastLog
import FuzzSupport

// Other programs' log lines (logcat, Python logging, Chromium, Apple's log, GCK delegates) as `tail` reads them:
// any line that reads as a record must write as a castscope JSON line and read back to the same level, class and
// message.
private let context = AppLogContext(year: 2026, utcOffset: 0, now: LogTimestamp(seconds: 1_800_000_000, microseconds: 0))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let line = String(decoding: fuzzInput(data, size), as: UTF8.self)
    guard let read = AppLogLine.parse(Substring(line), context: context) else { return 0 }
    var formatter = LogFormatter(format: .jsonLines)
    guard case .success(let again) = LogLineParser.parse(formatter.string(for: read.record)) else {
        preconditionFailure("a record read from another format does not write and read back: \(read.record)")
    }
    precondition(again.level == read.record.level && again.className == read.record.className
                 && again.message == read.record.message, "the round trip changed the record")
    return 0
}

fuzzMain(fuzzOneInput)
