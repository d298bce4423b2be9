import CastWire
import FuzzSupport

// Decodes arbitrary bytes as a CastMessage body; whatever decodes must re-encode to a fixed point, and the decoder
// that leaves the JSON text in place must agree with the ordinary one (the same message, or the same error), read
// with a string cache too: once filling it, once hitting it.
@inline(never)
func fuzzCastMessage(_ bytes: [UInt8]) -> Int {
    let plain = Result { () throws(ProtobufError) in try CastMessage(protobuf: bytes) }
    let deferred = Result { () throws(ProtobufError) in
        let (message, text) = try CastMessage.decodeDeferringText(ByteReader(bytes))
        return DecodedCastFrame(message: message, text: text).withText
    }
    var strings = ProtoStringCache()  // room for the three strings, so the second pass hits
    for decoded in [deferred, cached(bytes, &strings), cached(bytes, &strings)] {
        switch (plain, decoded) {
        case (.success(let a), .success(let b)): precondition(a == b, "the deferring decoder read another message")
        case (.failure(let a), .failure(let b)): precondition(a == b, "the deferring decoder failed otherwise")
        default: preconditionFailure("one decoder accepted what the other refused")
        }
    }
    guard case .success(let message) = plain else { return 0 }
    let encoded = message.protobufBytes()
    precondition(encoded.count == message.encodedSize, "encodedSize disagrees with the encoding")
    guard let again = try? CastMessage(protobuf: encoded) else {
        preconditionFailure("our own encoding does not decode")
    }
    precondition(again == message && again.protobufBytes() == encoded, "encode/decode is not a fixed point")
    return encoded.count
}

/// `bytes` decoded leaving the text in place, with the source, destination and namespace read through `strings`.
func cached(_ bytes: [UInt8], _ strings: inout ProtoStringCache) -> Result<CastMessage, ProtobufError> {
    Result { () throws(ProtobufError) in
        let (message, text) = try CastMessage.decodeDeferringText(ByteReader(bytes), strings: &strings)
        return DecodedCastFrame(message: message, text: text).withText
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    withExtendedLifetime(fuzzCastMessage(fuzzInput(data, size))) {}
    return 0
}

fuzzMain(fuzzOneInput)
