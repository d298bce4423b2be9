@testable import CastWire

/// Hand-annotated DNS messages shared by the DNS test suites.
enum DNSFixtures {
    /// "_googlecast" as a label.
    static let googlecast: [UInt8] = Array("_googlecast".utf8)

    /// A Cast announcement: PTR answer, SRV + TXT + A additionals, 170 bytes, names compressed backwards.
    static let castAnswer: [UInt8] = [
        // 0: header — id 0, flags 0x8400 (QR, AA), QD 0, AN 1, NS 0, AR 3
        0x00, 0x00, 0x84, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x03,
        // 12: answer 0 name "_googlecast._tcp.local" (24 bytes; "local" starts at 29)
        0x0B] + googlecast + [0x04] + Array("_tcp".utf8) + [0x05] + Array("local".utf8) + [0x00,
        // 36: type PTR, class IN, TTL 4500, RDLENGTH 18
        0x00, 0x0C, 0x00, 0x01, 0x00, 0x00, 0x11, 0x94, 0x00, 0x12,
        // 46: PTR target "Chromecast-1234" + pointer to 12
        0x0F] + Array("Chromecast-1234".utf8) + [0xC0, 0x0C,
        // 64: additional 0 — name pointer to 46, type SRV, class IN|cache-flush, TTL 120, RDLENGTH 16
        0xC0, 0x2E, 0x00, 0x21, 0x80, 0x01, 0x00, 0x00, 0x00, 0x78, 0x00, 0x10,
        // 76: priority 0, weight 0, port 8009, target "cc-host" (at 82) + pointer to "local" at 29
        0x00, 0x00, 0x00, 0x00, 0x1F, 0x49, 0x07] + Array("cc-host".utf8) + [0xC0, 0x1D,
        // 92: additional 1 — name pointer to 46, type TXT, class IN|cache-flush, TTL 4500, RDLENGTH 52
        0xC0, 0x2E, 0x00, 0x10, 0x80, 0x01, 0x00, 0x00, 0x11, 0x94, 0x00, 0x34,
        // 104: "id=0123456789abcdef0123456789abcdef" (35), "ca=5" (4), "fn=Kitchen" (10)
        0x23] + Array("id=0123456789abcdef0123456789abcdef".utf8) + [0x04] + Array("ca=5".utf8) + [0x0A]
        + Array("fn=Kitchen".utf8) + [
        // 156: additional 2 — name pointer to 82 ("cc-host.local"), type A, IN|cache-flush, TTL 120, RDLENGTH 4
        0xC0, 0x52, 0x00, 0x01, 0x80, 0x01, 0x00, 0x00, 0x00, 0x78, 0x00, 0x04,
        // 168: 10.0.0.5
        0x0A, 0x00, 0x00, 0x05,
    ]

    /// A query: one QU question for "_googlecast._tcp.local" PTR (29 bytes + header).
    static let castQuery: [UInt8] = [
        // 0: header — id 0x1234, flags 0 (standard query), QD 1
        0x12, 0x34, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        // 12: "_googlecast._tcp.local"
        0x0B] + googlecast + [0x04] + Array("_tcp".utf8) + [0x05] + Array("local".utf8) + [0x00,
        // 36: type PTR, class IN with the unicast-response bit
        0x00, 0x0C, 0x80, 0x01,
    ]

    /// A header announcing `answers` answers, followed by `body`.
    static func response(answers: UInt16, _ body: [UInt8]) -> [UInt8] {
        [0x00, 0x00, 0x84, 0x00, 0x00, 0x00, UInt8(answers >> 8), UInt8(answers & 0xFF), 0x00, 0x00, 0x00, 0x00] + body
    }

    /// The wire form of a single-label name "h" followed by `rest`.
    static let hostH: [UInt8] = [0x01, 0x68, 0x00]
}
