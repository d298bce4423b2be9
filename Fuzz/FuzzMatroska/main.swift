import CastMedia
import FuzzSupport

// The head of a WebM/Matroska file as `media check` reads it: any bytes probe without a crash, within the walk's
// bounds, with faults naming a byte inside the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let probe = MatroskaProbe.probe(bytes)
    precondition(probe.tracks.count <= 64, "more tracks than the bound")
    precondition(probe.tracks.allSatisfy { !$0.codec.isEmpty || $0.sampleEntry.isEmpty }, "a codec lost")
    if let error = probe.error {
        precondition(error.offset >= 0 && error.offset <= bytes.count, "a fault outside the input: \(error)")
    }
    return 0
}

fuzzMain(fuzzOneInput)
