import FuzzSupport

// Placeholder until the parser lands: exercises nothing yet.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    _ = fuzzInput(data, size)
    return 0
}

fuzzMain(fuzzOneInput)
