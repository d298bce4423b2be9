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

    @Test func aPipedPcapngDecryptsWithItsOwnSecretsBlocksLikeTheFile() async throws {
        let piped = try await CastscopeProcess.run(["inspect", "-", "--json"], input: try Self.bytes("cast-tls13-dsb.pcapng"))
        let file = try await CastscopeProcess.run(["inspect", "\(Self.captures)/cast-tls13-dsb.pcapng", "--json"])
        #expect(piped.exitCode == 0, "\(piped.standardError)")
        #expect(piped.standardOutput == file.standardOutput)
        #expect(!piped.standardOutput.contains(#""code":"tls.no-key""#))
        #expect(piped.standardOutput.contains(#""kind":"cast""#))
    }

    /// The pipe stays open, as a running `tcpdump -U -w -` keeps it: what arrived is shown without waiting for
    /// the end (no read-ahead batch, no output buffer to fill).
    @Test func packetsFromAnOpenPipeAreShownBeforeItEnds() async throws {
        let binary = try #require(CastscopeProcess.executablePath)
        let capture = try Self.bytes("mdns-zeroconf.pcap")
        let shown = try await BlockingWork.run { () throws -> String in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["inspect", "-", "--json"]
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            // A regression would block the read below until the pipe ends: end the process instead, so the test
            // fails rather than hangs.
            let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
            DispatchQueue.global().asyncAfter(deadline: .now() + 10, execute: watchdog)
            defer { watchdog.cancel() }
            input.fileHandleForWriting.write(Data(capture))
            // Reads until the first line arrives (the pipe is still open, so this is not the end-of-input flush).
            var text = Data()
            while !text.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                text.append(chunk)
            }
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
            return String(decoding: text, as: UTF8.self)
        }
        #expect(shown.hasPrefix(#"{"kind":"mdns""#), "\(shown)")
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
