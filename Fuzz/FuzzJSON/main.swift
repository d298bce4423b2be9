import CastJSON
import FuzzSupport

// Parses arbitrary bytes as JSON; anything parsed must serialize and parse back to the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let value = try? JSONValue(parsing: fuzzInput(data, size)) else { return 0 }
    let again = try? JSONValue(parsing: value.serialized())
    precondition(again?.serialized() == value.serialized(), "serialized JSON does not parse back to itself")
    return 0
}

fuzzMain(fuzzOneInput)
