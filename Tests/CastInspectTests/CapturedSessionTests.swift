import CastJSON
import Foundation
import Testing

@testable import CastInspect

/// The committed captures (scripts/record-captures: openssl s_server/s_client with key logs, python-zeroconf)
/// checked against tshark's view of the same files, stored beside them.
@Suite struct CapturedSessionTests {
    static let sessions = ["cast-tls12-aes128", "cast-tls12-chacha", "cast-tls13-aes128", "cast-tls13-aes256",
                           "cast-tls13-chacha"]
    static let directory = PcapBuilder.capturesDirectory

    @Test(arguments: sessions)
    func decryptedStreamsEqualTsharksByteForByte(name: String) throws {
        let run = InspectHarness(files: ["\(Self.directory)/\(name).pcap"], keyLogs: ["\(Self.directory)/\(name).keys"])
        #expect(run.error == nil)
        let c2sName = try #require(run.exported.keys.first { $0.hasSuffix(".c2s") })
        let serverPort = String(c2sName.dropLast(4).split(separator: "_").last ?? "")
        let tshark = InspectHarness.tsharkStreams(
            try String(contentsOfFile: "\(Self.directory)/\(name).tshark-streams.txt", encoding: .utf8),
            serverPort: serverPort)
        #expect(!tshark.c2s.isEmpty && !tshark.s2c.isEmpty)
        #expect(run.exported[c2sName] == tshark.c2s)
        #expect(run.exported[String(c2sName.dropLast(4)) + ".s2c"] == tshark.s2c)
        #expect(run.summary.undecryptedRecords == 0)
        #expect(run.summary.castMessages == 14)
    }

    static let emulatorSessions = [("emulator-tls12", "18021"), ("emulator-tls13", "18022")]

    /// castscope's sender against castscope's receiver emulator: two connections each, every byte as tshark sees it.
    @Test(arguments: emulatorSessions)
    func emulatorSessionsEqualTsharkPerConnection(name: String, port: String) throws {
        let run = InspectHarness(files: ["\(Self.directory)/\(name).pcap"], keyLogs: ["\(Self.directory)/\(name).keys"])
        let tshark = InspectHarness.tsharkConnections(
            try String(contentsOfFile: "\(Self.directory)/\(name).tshark-streams.txt", encoding: .utf8), serverPort: port)
        let ours = run.exportedConnections
        #expect(tshark.count == 2)
        #expect(Set(ours.keys) == Set(tshark.keys))
        for (client, streams) in tshark {
            #expect(ours[client]?.c2s == streams.c2s, "\(name) \(client) c2s")
            #expect(ours[client]?.s2c == streams.s2c, "\(name) \(client) s2c")
        }
        #expect(run.summary.castMessages == 22)
        #expect(run.findingCodes.contains("media.load-failed"))
    }

    @Test(arguments: sessions + ["mdns-zeroconf", "emulator-tls12", "emulator-tls13"])
    func jsonOutputMatchesTheRecordedExpectation(name: String) throws {
        let keys = name.hasPrefix("mdns") ? [] : ["\(Self.directory)/\(name).keys"]
        let run = InspectHarness(files: ["\(Self.directory)/\(name).pcap"], keyLogs: keys)
        let expected = try String(contentsOfFile: "\(Self.directory)/\(name).inspect.jsonl", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(run.jsonLines == expected)
    }

    @Test func reconstructsTheCastConversationAndItsFindings() {
        let run = InspectHarness(files: ["\(Self.directory)/cast-tls13-aes128.pcap"],
                                 keyLogs: ["\(Self.directory)/cast-tls13-aes128.keys"])
        let codes = Set(run.findingCodes)
        #expect(codes == ["media.load-failed", "cast.unannounced-namespace", "cast.receiver-close", "cast.no-reply"])
        let replies = run.events.compactMap { event -> String? in
            if case .cast(let record) = event, let reply = record.reply { return reply.requestType }
            return nil
        }
        #expect(replies == ["GET_STATUS", "LAUNCH", "LOAD", "GET_STATUS"])
        #expect(run.events.contains { if case .tls(let tls) = $0 { tls.event == "keyUpdate" } else { false } })
    }

    @Test func flagsCertificateLifetimeOverFourDays() {
        let run = InspectHarness(files: ["\(Self.directory)/cast-tls12-aes128.pcap"],
                                 keyLogs: ["\(Self.directory)/cast-tls12-aes128.keys"])
        #expect(run.findingCodes.contains("tls.cert-lifetime"))
    }

    @Test func decryptsWithTheKeysOfADecryptionSecretsBlock() {
        let run = InspectHarness(files: ["\(Self.directory)/cast-tls13-dsb.pcapng"])
        #expect(run.summary.castMessages == 14)
        #expect(run.summary.undecryptedRecords == 0)
    }

    @Test func withoutKeysReportsMetadataAndHowToGetKeys() throws {
        let run = InspectHarness(files: ["\(Self.directory)/cast-tls13-chacha.pcap"])
        #expect(run.summary.castMessages == 0)
        #expect(run.summary.undecryptedRecords > 0)
        let finding = try #require(run.events.compactMap { if case .finding(let f) = $0, f.code == "tls.no-key" { f } else { nil } }.first)
        #expect(finding.detail.contains("SSLKEYLOGFILE"))
        #expect(finding.detail.contains("castscope cast --keylog"))
    }

    @Test func wrongKeysAreReportedPerRecordNotFatal() throws {
        var keys = try String(contentsOfFile: "\(Self.directory)/cast-tls12-chacha.keys", encoding: .utf8)
        // Flip one hex digit of the master secret.
        let last = try #require(keys.lastIndex { $0.isHexDigit })
        keys.replaceSubrange(last...last, with: keys[last] == "0" ? "1" : "0")
        let path = PcapBuilder.temporaryFile(Array(keys.utf8), name: "bad.keys")
        let run = InspectHarness(files: ["\(Self.directory)/cast-tls12-chacha.pcap"], keyLogs: [path])
        #expect(run.findingCodes.filter { $0 == "tls.bad-record" }.count == run.summary.undecryptedRecords)
        #expect(run.summary.undecryptedRecords > 10)
    }

    @Test func severalFilesInARowAndACorruptOneStopWithItsError() throws {
        let whole = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(Self.directory)/cast-tls12-aes128.pcap")))
        let cut = PcapBuilder.temporaryFile(Array(whole.prefix(whole.count - 7)))
        let run = InspectHarness(files: ["\(Self.directory)/mdns-zeroconf.pcap", cut])
        let error = try #require(run.error)
        #expect(error.file == cut)
        #expect(error.packetNumber > 1)
        #expect(run.summary.mdnsMessages > 0)
        let lax = InspectHarness(files: [cut, "\(Self.directory)/mdns-zeroconf.pcap"], lax: true)
        #expect(lax.error == nil)
        #expect(lax.findingCodes.contains("capture.corrupt"))
        #expect(lax.summary.mdnsMessages > 0)
    }
}
