import CastChannel
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    withExtendedLifetime(fuzzInput(data, size).count) {}
    return 0
}

fuzzMain(fuzzOneInput)
