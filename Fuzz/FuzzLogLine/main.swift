import CastLog
import FuzzSupport

// Log lines as `castscope tail` reads them: any parsed record must format and parse back to itself as JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let line = String(decoding: fuzzInput(data, size), as: UTF8.self)
    guard case .success(let record) = LogLineParser.parse(line) else { return 0 }
    var formatter = LogFormatter(format: .jsonLines)
    let again = LogLineParser.parse(formatter.string(for: record))
    guard case .success(let reparsed) = again else {
        preconditionFailure("formatted record does not parse back: \(record)")
    }
    precondition(reparsed.level == record.level && reparsed.message == record.message, "round trip changed the record")
    return 0
}

fuzzMain(fuzzOneInput)
