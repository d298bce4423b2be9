import CastMedia
import FuzzSupport

// A DASH MPD as `media check` reads it: any bytes parse without a crash, within the bounds on sets,
// representations and depth, a fault naming a byte inside the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let manifest = DASHManifest(parsing: bytes)
    precondition(manifest.adaptationSets.count <= 64, "more adaptation sets than the bound")
    precondition(manifest.adaptationSets.map(\.representations.count).reduce(0, +) <= 1000, "too many representations")
    if let error = manifest.error {
        precondition(error.offset >= 0 && error.offset <= bytes.count, "a fault outside the input: \(error)")
    }
    _ = DASHManifest.recognises(bytes)
    return 0
}

fuzzMain(fuzzOneInput)
