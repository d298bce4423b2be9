import CastWire
import FuzzSupport

// Decodes arbitrary bytes as a CastMessage body; whatever decodes must re-encode to a fixed point.
@inline(never)
func fuzzCastMessage(_ bytes: [UInt8]) -> Int {
    guard let message = try? CastMessage(protobuf: bytes) else { return 0 }
    let encoded = message.protobufBytes()
    precondition(encoded.count == message.encodedSize, "encodedSize disagrees with the encoding")
    guard let again = try? CastMessage(protobuf: encoded) else {
        preconditionFailure("our own encoding does not decode")
    }
    precondition(again == message && again.protobufBytes() == encoded, "encode/decode is not a fixed point")
    return encoded.count
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    withExtendedLifetime(fuzzCastMessage(fuzzInput(data, size))) {}
    return 0
}

fuzzMain(fuzzOneInput)
