import CastJSON
import CastWire
import FuzzSupport

// Feeds arbitrary bytes to the Cast frame decoder, both in one piece and through the appending stream in two
// pieces, and checks that both agree and that every decoded message re-frames to something that decodes equal.
@inline(never)
func fuzzFrames(_ bytes: [UInt8]) -> Int {
    var reader = ByteReader(bytes)
    var decoder = CastFrameDecoder()
    var messages: [CastMessage] = []
    var failure: FramingError?
    do {
        while let message = try decoder.decode(&reader) { messages.append(message) }
    } catch {
        failure = error
    }
    var stream = CastFrameStream()
    let split = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    stream.append(bytes[0..<split])
    var streamed: [CastMessage] = []
    var streamFailure: FramingError?
    do {
        while let message = try stream.next() { streamed.append(message) }
        stream.append(bytes[split...])
        while let message = try stream.next() { streamed.append(message) }
    } catch {
        streamFailure = error
    }
    precondition(streamed == messages && streamFailure == failure, "stream and reader disagree")
    // The inspector's recovery: after each fault, resynchronise and go on; every fault moves forward, so the
    // number of faults is bounded by the input's length.
    var recovering = CastFrameStream()
    recovering.append(bytes)
    var faults = 0
    var lastOffset = -1
    while faults <= bytes.count {
        do throws(FramingError) {
            guard try recovering.next() != nil else { break }
        } catch {
            precondition(error.offset > lastOffset, "resynchronising did not move forward")
            lastOffset = error.offset
            faults += 1
            recovering.resynchronize()
        }
    }
    precondition(faults <= bytes.count, "resynchronising looped")
    // The `decode frames` dump and the payload models see the same messages: they must not crash either.
    let dump = CastFrameDump.run(input: bytes)
    precondition(dump.lines.count == messages.count, "dump and decoder disagree")
    for message in messages {
        if let text = message.payloadUTF8,
           let payload = try? CastPayload(namespace: CastNamespace(rawValue: message.namespace), jsonText: text) {
            // A model that decoded must decode again from its own JSON.
            precondition((try? CastPayload(namespace: CastNamespace(rawValue: message.namespace), json: payload.json))
                != nil, "payload model does not re-decode")
        }
        guard let frame = try? CastFrameEncoder.encode(message) else { continue }
        var again = ByteReader(frame)
        var fresh = CastFrameDecoder()
        precondition((try? fresh.decode(&again)) == message, "re-framed message decodes differently")
    }
    return messages.count
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    withExtendedLifetime(fuzzFrames(fuzzInput(data, size))) {}
    return 0
}

fuzzMain(fuzzOneInput)
