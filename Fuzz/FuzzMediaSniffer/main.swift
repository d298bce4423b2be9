import CastMedia
import FuzzSupport

// The first bytes of any file `media check` fetched: the container is named (or not) without a crash, the simple
// audio headers read within the input, and any text read as a codec string is judged by every model.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let container = ContainerSniffer.container(of: bytes)
    for name in [container ?? "mp3", "flac", "wav", "ogg", "adts", "mp3"] {
        let probe = ContainerSniffer.probeAudio(bytes, container: name)
        precondition(probe.tracks.count <= 1, "more than one track in a simple audio file")
        precondition(probe.tracks.allSatisfy { !$0.codec.isEmpty }, "a track without a codec string")
    }
    let text = String(decoding: bytes.prefix(256), as: UTF8.self)
    for codec in text.split(separator: ",").prefix(8).map(String.init) {
        let identity = CodecIdentity(codec: codec)
        if let level = identity.level { precondition(level >= 0 || codec.contains("-"), "a negative level: \(codec)") }
        for model in DeviceModel.all + [DeviceModel.any] {
            let reasons = PlayabilityJudge(model: model).judge(codec: codec, height: bytes.first.map(Int.init))
            precondition(reasons.allSatisfy { !$0.message.isEmpty && !$0.fix.isEmpty }, "a reason without words")
        }
    }
    return 0
}

fuzzMain(fuzzOneInput)
