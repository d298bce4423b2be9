import CastTLS
import Foundation

/// What the report says of a server certificate: its names and validity, read once per distinct certificate.
struct ServerCertificateFacts {
    let subject: String
    let issuer: String
    let notBefore: Date
    let notAfter: Date
    /// Validity period in days.
    var lifetimeDays: Double { notAfter.timeIntervalSince(notBefore) / 86_400 }
    /// The validity period in days with two decimals (`String(format:)` is slow enough on Linux to be worth keeping).
    let lifetimeDaysText: String

    /// The facts of the DER certificate `der`, or nil when OpenSSL cannot parse it.
    init?(der: [UInt8]) {
        guard let certificate = try? X509Certificate(derBytes: der) else { return nil }
        subject = certificate.subjectCommonName ?? ""
        issuer = certificate.issuerCommonName ?? ""
        notBefore = certificate.notBefore
        notAfter = certificate.notAfter
        lifetimeDaysText = String(format: "%.2f", certificate.lifetime / 86_400)
    }
}

/// Server certificates already read, by their DER bytes. A device presents the same certificate on every
/// reconnection, and parsing one (OpenSSL decodes its public key too) cost a capture of many short sessions more
/// than decrypting each session's first records.
struct ServerCertificateCache {
    /// Distinct certificates remembered; past this the cache starts again (a capture rarely holds more devices).
    static let capacity = 64
    private var known: [[UInt8]: ServerCertificateFacts?] = [:]

    /// The facts of `der` (nil when it does not parse), read on its first sighting only.
    mutating func facts(of der: [UInt8]) -> ServerCertificateFacts? {
        if let facts = known[der] { return facts }
        let facts = ServerCertificateFacts(der: der)
        if known.count >= Self.capacity { known.removeAll(keepingCapacity: true) }
        known[der] = .some(facts)
        return facts
    }

    /// Certificates remembered now.
    var count: Int { known.count }
}
