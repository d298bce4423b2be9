import CastTestSupport
import Foundation
import Testing

/// The dissector finds Cast on any port by its frames: in decrypted TLS by default, in plain TCP when asked, and
/// never in HTTP, AJP or other TLS — checked in real tshark both ways.
@Suite struct DissectorHeuristicTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let tshark = "/usr/bin/tshark"
    static let text2pcap = "/usr/bin/text2pcap"
    private let directories = TemporaryDirectories()

    /// `frame.number<TAB>castv2.type` of every Cast frame tshark finds in `capture`.
    private func castFrames(_ capture: String, _ options: [String]) async -> [String] {
        let result = await SpawnedProcess.run(Self.tshark, [
            "-X", "lua_script:" + Self.repository.path + "/wireshark/castv2.lua", "-r", capture, "-Y", "castv2",
            "-T", "fields", "-e", "frame.number", "-e", "castv2.type",
        ] + options, timeout: 120)
        #expect(result.status == 0, "\(result.errors)")
        return result.output.split(separator: "\n").map(String.init)
    }

    @Test(arguments: ["emulator-tls13", "emulator-tls12"])
    func castInTLSOnAnotherPortIsFoundWithoutDecodeAs(capture: String) async throws {
        guard MissingPeer.installed(Self.tshark) else { return }
        let path = Self.repository.path + "/captures/\(capture).pcap"
        let keys = ["-o", "tls.keylog_file:" + Self.repository.path + "/captures/\(capture).keys"]
        let found = await castFrames(path, keys)
        let decodedAs = await castFrames(path, keys + ["-d", "tls.port==18022,castv2"])
        #expect(found.count >= 20)
        #expect(found == decodedAs)
        // The preference turns it off: the port is then Cast only by Decode As.
        #expect(await castFrames(path, keys + ["-o", "castv2.heuristic_tls:FALSE"]).isEmpty)
    }

    @Test func plainTCPIsLookedAtOnlyWhenAskedAndOnlyCastIsClaimed() async throws {
        guard MissingPeer.installed(Self.tshark), MissingPeer.installed(Self.text2pcap) else { return }
        let directory = directories.make("heuristic")
        func frame(_ namespace: String, _ json: String) -> [UInt8] {
            func field(_ tag: UInt8, _ text: String) -> [UInt8] { [tag, UInt8(text.utf8.count)] + Array(text.utf8) }
            let body: [UInt8] = [0x08, 0x00] + field(0x12, "sender-0") + field(0x1A, "receiver-0")
                + field(0x22, namespace) + [0x28, 0x00] + field(0x32, json)
            let length = UInt32(body.count)
            return [UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF),
                    UInt8(length & 0xFF)] + body
        }
        func hexdump(_ packets: [[UInt8]]) -> String {
            packets.map { bytes in
                stride(from: 0, to: bytes.count, by: 16).map { start in
                    String(format: "%06x  ", start)
                        + bytes[start..<min(start + 16, bytes.count)].map { String(format: "%02x", $0) }.joined(separator: " ")
                }.joined(separator: "\n") + "\n"
            }.joined()
        }
        let cast = hexdump([frame("urn:x-cast:com.google.cast.tp.connection", #"{"type":"CONNECT"}"#),
                            frame("urn:x-cast:com.google.cast.receiver", #"{"type":"GET_STATUS","requestId":1}"#)])
        let http = hexdump([Array("GET /setup/eureka_info HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8),
                            Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}".utf8)])
        for (name, text, ports) in [("cast", cast, "40000,18044"), ("http", http, "40001,18045")] {
            try text.write(toFile: "\(directory)/\(name).txt", atomically: true, encoding: .utf8)
            let made = await SpawnedProcess.run(Self.text2pcap, ["-q", "-T", ports, "\(directory)/\(name).txt",
                                                                 "\(directory)/\(name).pcap"])
            #expect(made.status == 0, "\(made.errors)")
        }
        let on = ["-o", "castv2.heuristic_tcp:TRUE"]
        #expect(await castFrames("\(directory)/cast.pcap", on) == ["1\tCONNECT", "2\tGET_STATUS"])
        #expect(await castFrames("\(directory)/cast.pcap", []).isEmpty, "off by default")
        // No false positives: HTTP, AJP and non-Cast TLS, with the plain-TCP look on.
        let others = ["\(directory)/http.pcap", Self.repository.path + "/captures/tls-suites/http-on-8009.pcap",
                      Self.repository.path + "/captures/tls-suites/ajp-on-8009.pcap",
                      Self.repository.path + "/Tests/CastWireTests/Fixtures/tls/tls13-lo.pcap",
                      Self.repository.path + "/Tests/CastWireTests/Fixtures/tls/tls12-lo.pcap",
                      Self.repository.path + "/captures/mdns-zeroconf.pcap"]
        for other in others {
            #expect(await castFrames(other, on).isEmpty, "\(other)")
        }
    }
}
