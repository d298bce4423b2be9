import CastMedia
import FuzzSupport

// The head of an MPEG transport stream (an HLS segment) as `media check` reads it: any bytes probe without a crash,
// at most the bound's streams, a lost sync named at a packet boundary inside the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let probe = TSProbe.probe(bytes)
    precondition(probe.tracks.count <= 32, "more streams than the bound")
    precondition(probe.tracks.allSatisfy { !$0.codec.isEmpty }, "a stream without a codec string")
    if let error = probe.error {
        precondition(error.offset >= 0 && error.offset < bytes.count, "a fault outside the input: \(error)")
    }
    return 0
}

fuzzMain(fuzzOneInput)
