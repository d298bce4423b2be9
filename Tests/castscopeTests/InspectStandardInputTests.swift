import CastTestSupport
import Foundation
import Testing

/// `castscope inspect -` reads a capture from a pipe, as `tcpdump -r -` does.
@Suite struct InspectStandardInputTests {
    static let captures = InspectCommandTests.captures

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(captures)/\(name)")))
    }

    @Test(arguments: [
        ("cast-tls13-chacha.pcap", "cast-tls13-chacha.keys"), ("session-tls13.pcapng", "session-tls13.keys"),
        ("mdns-zeroconf.pcap", nil),
    ])
    func aPipedCaptureReadsLikeTheFile(capture: String, keys: String?) async throws {
        let keyLog = keys.map { ["--keylog", "\(Self.captures)/\($0)"] } ?? []
        let fromFile = try await CastscopeProcess.run(["inspect", "\(Self.captures)/\(capture)", "--json"] + keyLog)
        let fromPipe = try await CastscopeProcess.run(["inspect", "-", "--json"] + keyLog, input: try Self.bytes(capture))
        #expect(fromPipe.exitCode == 0, "\(fromPipe.standardError)")
        #expect(fromPipe.standardOutput == fromFile.standardOutput)
        #expect(fromPipe.standardOutput.contains(#""kind":"summary""#))
    }

    @Test func aPipedClassicCaptureCutShortNamesThePacketAndOffsetAfterPrintingTheRest() async throws {
        let whole = try Self.bytes("cast-tls13-chacha.pcap")
        let result = try await CastscopeProcess.run(["inspect", "-", "--json"], input: Array(whole.dropLast(10)))
        #expect(result.exitCode == 1)
        #expect(result.standardError.contains("standard input: packet "), "\(result.standardError)")
        #expect(result.standardError.contains(" at byte offset "))
        #expect(result.standardOutput.contains(#""kind":"tls""#))
    }

    @Test func aPipedPcapngCutShortNamesThePacketWithoutAnOffset() async throws {
        let whole = try Self.bytes("session-tls13.pcapng")
        let result = try await CastscopeProcess.run(["inspect", "-", "--json"], input: Array(whole.dropLast(10)))
        #expect(result.exitCode == 1)
        #expect(result.standardError.contains("standard input: packet "), "\(result.standardError)")
        #expect(!result.standardError.contains("byte offset -1"))
    }

    @Test func aPipeCarryingNoCaptureIsAClearError() async throws {
        let result = try await CastscopeProcess.run(["inspect", "-"], input: Array("hello, not a capture\n".utf8))
        #expect(result.exitCode == 1)
        #expect(result.standardError.contains("standard input: file header"), "\(result.standardError)")
        #expect(result.standardError.contains("pcap or pcapng"))
    }

    @Test func standardInputBesideOtherCapturesIsAUsageError() async throws {
        let result = try await CastscopeProcess.run(["inspect", "-", "\(Self.captures)/mdns-zeroconf.pcap"])
        #expect(result.exitCode == 64)
        #expect(result.standardError.contains("standard input"))
    }
}
