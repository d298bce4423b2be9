import CastDiscovery
import FuzzSupport

// Feeds arbitrary bytes as an HTTP response to the eureka_info parser: it never crashes, refuses what is over its
// limit, and an error names an offset inside the input.
@inline(never)
func fuzzEurekaInfo(_ bytes: [UInt8]) -> Int {
    do throws(EurekaInfoError) {
        let info = try EurekaInfo(response: bytes)
        precondition((100...599).contains(info.status), "a status outside 100–599 was accepted")
        precondition(info.status == 200 || info.name == nil, "fields read from a non-200 answer")
        return info.summary.utf8.count
    } catch {
        precondition(error.offset >= 0 && error.offset <= max(bytes.count, EurekaInfo.maximumResponseBytes), "offset out of range")
        return error.description.utf8.count
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    withExtendedLifetime(fuzzEurekaInfo(fuzzInput(data, size))) {}
    return 0
}

fuzzMain(fuzzOneInput)
