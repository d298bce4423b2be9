import CastLog
import FuzzSupport

// Filter files, CASTSCOPE_LOG and CASTSCOPE_LOG_TO values from arbitrary bytes: filter errors must carry a line and
// column inside the input; a log target that parses must parse again, to itself, from its description.
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
    if let targets = try? LogTarget.parseList(text) {
        for target in targets {
            precondition((try? LogTarget.parse(target.description)) == target, "no round trip: \(target)")
        }
    }
    return 0
}

fuzzMain(fuzzOneInput)
