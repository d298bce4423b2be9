import CastMedia
import FuzzSupport

// An HLS playlist as `media check` reads it: any bytes read without a crash, within the reader's bounds, and a
// fault names a line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let playlist = HLSPlaylist(parsing: bytes)
    precondition(playlist.variants.count <= 1000 && playlist.segments.count <= 1000, "more entries than the bound")
    precondition(playlist.segments.count <= playlist.segmentCount, "segments kept beyond those counted")
    if let error = playlist.error { precondition(error.path.hasPrefix("line "), "a fault without its line") }
    return 0
}

fuzzMain(fuzzOneInput)
