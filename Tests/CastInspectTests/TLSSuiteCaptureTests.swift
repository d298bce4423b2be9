import CastTLS
import CastWire
import Foundation
import Testing

@testable import CastInspect

/// Every TLS suite family of captures/tls-suites (openssl s_server/s_client sessions carrying Cast frames, see its
/// README) decrypted byte for byte as tshark decrypts it: TLS 1.2 CBC with MAC-then-encrypt and encrypt-then-MAC,
/// DHE, PSK, TLS 1.3 CCM, two-sided KeyUpdate and 0-RTT early data.
@Suite struct TLSSuiteCaptureTests {
    static let directory = OtherToolsCaptureTests.directory

    /// The captures with a `.meta` line: name → (port, fields).
    static let captures: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasSuffix(".meta") }.map { String($0.dropLast(5)) }.sorted()
    }()

    static func meta(_ name: String) throws -> [String: String] {
        let line = try String(contentsOfFile: "\(directory)/\(name).meta", encoding: .utf8)
        var fields: [String: String] = [:]
        for pair in line.split(whereSeparator: \.isWhitespace) {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        return fields
    }

    @Test func everySuiteFamilyIsRecorded() {
        #expect(Self.captures.count >= 18, "\(Self.captures)")
    }

    @Test(arguments: captures)
    func decryptedStreamsEqualTsharksByteForByte(name: String) throws {
        let meta = try Self.meta(name)
        let port = try #require(meta["port"])
        let run = InspectHarness(files: ["\(Self.directory)/\(name).pcap"], keyLogs: ["\(Self.directory)/\(name).keys"],
                                 ports: [try #require(UInt16(port))])
        #expect(run.error == nil)
        let text = try String(contentsOfFile: "\(Self.directory)/\(name).tshark-streams.txt", encoding: .utf8)
        let tshark = text.split(separator: "\n").first?.split(separator: "\t").count == 3
            ? InspectHarness.tsharkConnections(text, serverPort: port)
            : ["": InspectHarness.tsharkStreams(text, serverPort: port)]
        let ours = run.exportedConnections
        #expect(ours.count == tshark.count, "\(name): connections")
        for (client, streams) in tshark {
            let mine = client.isEmpty ? ours.values.first : ours[client]
            #expect(!streams.c2s.isEmpty && !streams.s2c.isEmpty)
            #expect(mine?.c2s == streams.c2s, "\(name) \(client) c2s")
            #expect(mine?.s2c == streams.s2c, "\(name) \(client) s2c")
        }
        #expect(run.summary.undecryptedRecords == 0, "\(name)")
        #expect(!run.findingCodes.contains("tls.no-key"), "\(name)")
        #expect(!run.findingCodes.contains("cast.malformed-frame"), "\(name)")
    }
}

/// A key log without the early secret: the early data is said to lack its key, the handshake is not called
/// missing, and everything after the early data still decrypts.
@Suite struct EarlyDataWithoutItsKeyTests {
    @Test func earlyDataWithoutItsSecretIsNamedAndTheRestDecrypts() throws {
        let directory = TLSSuiteCaptureTests.directory
        let keys = try String(contentsOfFile: "\(directory)/tls13-0rtt-accepted.keys", encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("CLIENT_EARLY_TRAFFIC_SECRET") }.joined(separator: "\n")
        let path = PcapBuilder.temporaryFile(Array(keys.utf8), name: "no-early.keys")
        let run = InspectHarness(files: ["\(directory)/tls13-0rtt-accepted.pcap"], keyLogs: [path], ports: [18115, 18116])
        let findings = run.events.compactMap { if case .finding(let finding) = $0 { finding } else { nil } }
        #expect(findings.contains { $0.code == "tls.no-key" && $0.summary.contains("early data (0-RTT)") })
        #expect(!findings.contains { $0.detail.contains("started after the handshake") })
        #expect(run.summary.castMessages >= 14, "the frames after the early data decrypt")
    }
}

/// The suite table: every IANA family castscope decrypts maps to its protection and PRF, and one it cannot is named.
@Suite struct TLSCipherSpecTests {
    @Test func suitesMapToTheirProtectionAndPRF() {
        func spec(_ code: UInt16) -> TLSCipherSpec? { TLSCipherSpec(TLSCipherSuite(rawValue: code)) }
        #expect(spec(0x002F)?.protection == .cbc(.aes128, mac: .sha1) && spec(0x002F)?.hash == .sha256)
        #expect(spec(0xC028)?.protection == .cbc(.aes256, mac: .sha384) && spec(0xC028)?.hash == .sha384)
        #expect(spec(0x000A)?.protection == .cbc(.tripleDES, mac: .sha1))
        #expect(spec(0x00A9)?.protection == .aead(.aes256GCM) && spec(0x00A9)?.hash == .sha384)  // PSK
        #expect(spec(0xCCAC)?.protection == .aead(.chaCha20Poly1305))  // ECDHE-PSK
        #expect(spec(0xC0A8)?.protection == .aead(.aes128CCM8))  // PSK-AES128-CCM8
        #expect(spec(0x1305)?.isTLS13 == true && spec(0x1305)?.protection == .aead(.aes128CCM8))
        #expect(spec(0xC02F)?.isTLS13 == false)
    }

    @Test func anUndecryptableSuiteIsNamedWithItsCipher() {
        #expect(TLSCipherSpec(TLSCipherSuite(rawValue: 0x0005)) == nil)
        let reason = TLSCipherSpec.unsupportedReason(TLSCipherSuite(rawValue: 0x0005))
        #expect(reason.contains("RC4"), "\(reason)")
        #expect(reason.contains("castscope decrypts AES-GCM"))
    }
}
