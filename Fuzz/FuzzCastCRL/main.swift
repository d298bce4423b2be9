import CastTLS
import CastWire
import Foundation
import FuzzSupport

/// A fixed verification time, so runs are reproducible.
let verificationTime = Date(timeIntervalSince1970: 1_767_225_600)

// Decodes arbitrary bytes as a CrlBundle; what decodes must re-encode to a fixed point and verify without crashing.
@inline(never)
func fuzzCastCRL(_ bytes: [UInt8]) -> Int {
    guard let bundle = try? CastCRLBundle(protobuf: bytes) else { return 0 }
    let encoded = bundle.protobufBytes
    guard let again = try? CastCRLBundle(protobuf: encoded) else { preconditionFailure("our own encoding does not decode") }
    precondition(again.protobufBytes == encoded, "encode/decode is not a fixed point")
    for crl in bundle.crls { _ = try? crl.decodeTBS() }
    switch CastCRLVerifier().verify(bundle, at: verificationTime) {
    case .success: return 1
    case .failure(let failure): return failure.detail.count
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    withExtendedLifetime(fuzzCastCRL(fuzzInput(data, size))) {}
    return 0
}

fuzzMain(fuzzOneInput)
