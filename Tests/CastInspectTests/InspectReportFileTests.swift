import CastTestSupport
import CastWire
import Foundation
import Testing

/// `inspect --html` writes a private file and says where; `--redact` keeps secrets out of it; the same capture
/// given twice is read once.
@Suite struct InspectReportFileTests {
    static let secret = "hunter2-credentials"
    static let token = "tok-0123456789"

    /// A plaintext Cast connection on 8009 whose LOAD carries credentials and a token in its URL.
    static var capture: [UInt8] {
        var packets: [(seconds: UInt32, bytes: [UInt8])] = []
        var clientSeq: UInt32 = 1000, serverSeq: UInt32 = 5000
        func c2s(_ flags: UInt8, _ payload: [UInt8] = []) -> [UInt8] {
            let segment = PcapBuilder.tcp(sourcePort: 40000, destinationPort: 8009, sequence: clientSeq,
                                          ack: serverSeq, flags: flags, payload: payload)
            clientSeq &+= UInt32(payload.count) + (flags & 0x03 != 0 ? 1 : 0)
            return PcapBuilder.ipv4(source: [10, 0, 0, 1], destination: [10, 0, 0, 2], proto: 6, transport: segment)
        }
        func s2c(_ flags: UInt8) -> [UInt8] {
            let segment = PcapBuilder.tcp(sourcePort: 8009, destinationPort: 40000, sequence: serverSeq,
                                          ack: clientSeq, flags: flags)
            serverSeq &+= flags & 0x03 != 0 ? 1 : 0
            return PcapBuilder.ipv4(source: [10, 0, 0, 2], destination: [10, 0, 0, 1], proto: 6, transport: segment)
        }
        let load = #"{"type":"LOAD","requestId":4,"sessionId":"s","media":{"contentId":"https://cdn.example/a.mp4?"#
            + #"token=\#(token)&q=hd","streamType":"BUFFERED"},"credentials":"\#(secret)"}"#
        let frame = (try? CastFrameEncoder.encode(CastMessage(sourceID: "sender-0", destinationID: "s",
                                                              namespace: "urn:x-cast:com.google.cast.media",
                                                              json: load))) ?? []
        packets.append((1_000, c2s(0x02)))
        packets.append((1_000, s2c(0x12)))
        packets.append((1_000, c2s(0x10)))
        packets.append((1_001, c2s(0x18, frame)))
        packets.append((1_002, c2s(0x11)))
        packets.append((1_002, s2c(0x11)))
        return PcapBuilder.pcap(packets: packets)
    }

    @Test func theReportIsPrivateAndItsPathIsSaid() async throws {
        let path = PcapBuilder.temporaryFile(Self.capture)
        let html = NSTemporaryDirectory() + "castscope-private-\(UUID().uuidString).html"
        defer {
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: html)
        }
        let result = try await CastscopeProcess.run(["inspect", path, "--quiet", "--html", html])
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(result.standardError.contains("HTML report: \(html) ("), "\(result.standardError)")
        let mode = try FileManager.default.attributesOfItem(atPath: html)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains(Self.secret) && page.contains(Self.token))
    }

    @Test func redactKeepsCredentialsAndTokensOutOfTheReport() async throws {
        let path = PcapBuilder.temporaryFile(Self.capture)
        let html = NSTemporaryDirectory() + "castscope-redacted-\(UUID().uuidString).html"
        defer {
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: html)
        }
        let result = try await CastscopeProcess.run(["inspect", path, "--quiet", "--html", html, "--redact"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(!page.contains(Self.secret) && !page.contains(Self.token))
        #expect(page.contains("redacted"))
        let alone = try await CastscopeProcess.run(["inspect", path, "--redact"])
        #expect(alone.exitCode == 64, "--redact needs --html")
    }

    @Test func theSameCaptureTwiceIsReadOnceWithAWarning() async throws {
        let path = PcapBuilder.temporaryFile(Self.capture)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let once = try await CastscopeProcess.run(["inspect", path, "--json"])
        let twice = try await CastscopeProcess.run(["inspect", path, path, "--json"])
        #expect(twice.exitCode == 0)
        #expect(twice.standardOutput == once.standardOutput)
        #expect(twice.standardError.contains("warning: \(path) is \(path) again: read once"), "\(twice.standardError)")
    }
}
