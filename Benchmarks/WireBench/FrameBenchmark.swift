import CastTestSupport
import CastWire
import Foundation

/// Decodes typical 150–400-byte JSON CastMessages framed back to back, on one core, and compares with Python
/// protobuf (upb) parsing the same frames (Benchmarks/WireBench/pyframes.py, timed inside Python).
func runFrameBenchmark() {
    let stream = FrameBenchmarkInput.stream()
    let frames = stream.frameCount
    print("frames: \(frames) CastMessages, \(stream.bytes.count) bytes, body sizes \(stream.minimumBody)–\(stream.maximumBody) (mean \(stream.bytes.count / frames - 4))")

    // Warm up, and count allocations of one whole pass (malloc calls on this thread).
    var checksum = decodeAll(stream.bytes)
    let allocations = AllocationCounter.count { checksum &+= decodeAll(stream.bytes) }
    let perFrame = Double(allocations) / Double(frames)
    let stringsPerFrame = Double(stream.heapStrings) / Double(frames)
    print(String(format: "allocations: %.2f per frame; the message's own heap strings: %.2f per frame; beyond them: %.2f",
                 perFrame, stringsPerFrame, perFrame - stringsPerFrame))

    // Time whole passes for about two seconds.
    let clock = ContinuousClock()
    var passes = 0
    let start = clock.now
    var elapsed = Duration.zero
    while elapsed < .seconds(2) {
        checksum &+= decodeAll(stream.bytes)
        passes += 1
        elapsed = clock.now - start
    }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    let framesPerSecond = Double(passes * frames) / seconds
    let megabytesPerSecond = Double(passes * stream.bytes.count) / seconds / 1e6
    print(String(format: "castscope: %.2f M frames/s, %.0f MB/s (%d passes, checksum %d)",
                 framesPerSecond / 1e6, megabytesPerSecond, passes, checksum))

    let python = PythonFrameBenchmark.run(stream.bytes)
    if let python {
        print(String(format: "python-protobuf (%@): %.2f M frames/s, %.0f MB/s", python.implementation,
                     python.framesPerSecond / 1e6, python.megabytesPerSecond))
        if let withFields = python.framesPerSecondReadingFields {
            print(String(format: "python-protobuf parse + read source/destination/namespace/payload: %.2f M frames/s",
                         withFields / 1e6))
        }
        print(String(format: "ratio frames_per_s castscope/python-protobuf = %.2f", framesPerSecond / python.framesPerSecond))
    } else {
        print("python-protobuf: unavailable (run ./scripts/setup to create .venv)")
        print("ratio frames_per_s castscope/python-protobuf = n/a")
    }
}

/// Decodes every frame of `bytes`; returns a value derived from the messages so -O cannot drop the work.
@inline(never)
func decodeAll(_ bytes: [UInt8]) -> Int {
    var reader = ByteReader(bytes)
    var decoder = CastFrameDecoder()
    var checksum = 0
    do {
        while let message = try decoder.decode(&reader) {
            checksum &+= message.namespace.utf8.count &+ (message.payloadUTF8?.utf8.count ?? 0)
        }
    } catch {
        print("benchmark input failed to decode: \(error)")
    }
    return checksum
}
