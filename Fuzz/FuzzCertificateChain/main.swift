import CastTLS
import Foundation
import FuzzSupport

/// A fixed verification time, so runs are reproducible.
let verificationTime = Date(timeIntervalSince1970: 1_459_468_800)

/// Splits the input into certificates: each is a 2-byte big-endian length and that many DER bytes.
func derCertificates(_ bytes: [UInt8]) -> [[UInt8]] {
    var parts: [[UInt8]] = []
    var index = 0
    while index + 2 <= bytes.count, parts.count < 8 {
        let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
        index += 2
        let end = min(index + length, bytes.count)
        parts.append(Array(bytes[index..<end]))
        index = end
    }
    return parts
}

// Parses arbitrary bytes as DER certificates (and as PEM text) and verifies what parses as a device chain against
// the built-in roots: never a crash, always a verdict with a reason.
@inline(never)
func fuzzCertificateChain(_ bytes: [UInt8]) -> Int {
    let certificates = derCertificates(bytes).compactMap { try? X509Certificate(derBytes: $0) }
    let pem = (try? X509Certificate.certificates(fromPEM: String(decoding: bytes, as: UTF8.self))) ?? []
    var total = 0
    for chain in [certificates, pem] where !chain.isEmpty {
        let report = DeviceChainVerifier().verify(chain, at: verificationTime)
        precondition(report.isTrusted || !(report.failure?.detail.isEmpty ?? true), "a failure without a detail")
        for entry in report.chain {
            total += entry.certificate.subject.count + entry.certificate.serialHex.count + entry.certificate.keyBits
                + (entry.certificate.policyOIDs?.count ?? 0)
        }
    }
    return total
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    withExtendedLifetime(fuzzCertificateChain(fuzzInput(data, size))) {}
    return 0
}

fuzzMain(fuzzOneInput)
