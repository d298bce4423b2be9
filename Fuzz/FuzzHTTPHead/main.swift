import CastWire
import FuzzSupport

// An HTTP/1.x head from a capture: any bytes parse or fail with a fault inside the input (or past it, when the head
// is merely incomplete), never crash; a parsed head's length lies within the input. The same bytes as a log line
// are searched for a media detailedErrorCode (what `tail` explains) without a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    do {
        let head = try HTTPHead(parsing: bytes)
        precondition(head.length > 0 && head.length <= min(bytes.count, HTTPHead.maximumLength),
                     "a length outside the input")
        precondition(head.fields.count <= HTTPHead.maximumFields, "more fields than the bound")
        _ = head["Content-Length"]
    } catch {
        precondition(error.offset >= 0 && error.offset <= bytes.count, "a fault outside the input: \(error)")
    }
    if let code = MediaDetailedErrorCode.mentioned(in: String(decoding: bytes.prefix(4096), as: UTF8.self)[...]) {
        precondition((0...9999).contains(code.rawValue), "a code of more than four digits: \(code)")
    }
    return 0
}

fuzzMain(fuzzOneInput)
