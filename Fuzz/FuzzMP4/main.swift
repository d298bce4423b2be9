import CastMedia
import FuzzSupport

// The head of an MP4 file as `media check` reads it: any bytes probe without a crash, within the walk's bounds, and
// a probe's tracks and fault are well formed (a codec string, a fault naming a byte inside the input).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    for fileSize in [nil, bytes.count, bytes.count * 4] {
        let probe = MP4Probe.probe(bytes, fileSize: fileSize)
        precondition(probe.tracks.count <= 64, "more tracks than the bound")
        precondition(probe.tracks.allSatisfy { !$0.codec.isEmpty }, "a track without a codec string")
        if let error = probe.error {
            precondition(error.offset >= 0 && error.offset <= bytes.count, "a fault outside the input: \(error)")
        }
    }
    _ = MP4Probe.recognises(bytes)
    return 0
}

fuzzMain(fuzzOneInput)
