import CastLog
import FuzzSupport

// Filter files and CASTSCOPE_LOG values from arbitrary bytes: errors must carry a line and column inside the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: fuzzInput(data, size), as: UTF8.self)
    do {
        let filter = try FilterFile.parse(text, fileName: "fuzz.filter")
        _ = filter.effectiveLevel(forClass: "GCKCastChannel", function: "sendMessage(_:)")
    } catch {
        precondition(error.line >= 1 && error.column >= 1, "error without a position: \(error)")
    }
    if !text.contains("\n") {
        _ = try? FilterFile.parseEnvironment(text)
    }
    return 0
}

fuzzMain(fuzzOneInput)
