import CastWire
import FuzzSupport

// Decodes arbitrary bytes as a DeviceAuthMessage; whatever decodes must re-encode to a fixed point.
@inline(never)
func fuzzDeviceAuth(_ bytes: [UInt8]) -> Int {
    guard let message = try? DeviceAuthMessage(protobuf: bytes) else { return 0 }
    let encoded = message.protobufBytes()
    guard let again = try? DeviceAuthMessage(protobuf: encoded) else {
        preconditionFailure("our own encoding does not decode")
    }
    precondition(again == message && again.protobufBytes() == encoded, "encode/decode is not a fixed point")
    return encoded.count
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    withExtendedLifetime(fuzzDeviceAuth(fuzzInput(data, size))) {}
    return 0
}

fuzzMain(fuzzOneInput)
