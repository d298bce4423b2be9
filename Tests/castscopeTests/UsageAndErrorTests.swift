import CastTestSupport
import Foundation
import Testing

/// Usage errors are usage errors (64, `Error:`) whatever follows them; runtime errors name what failed in one style.
@Suite struct UsageAndErrorTests {
    @Test(arguments: [
        (["bogus", "--help"], "Error: Unknown subcommand 'bogus'"),
        (["cast", "bogus", "--help"], "Error: Unknown subcommand 'bogus'"),
        (["tail", "--bogus", "--help"], "Error: Unknown option '--bogus'"),
        (["--version", "extra"], "Error: '--version' takes no other arguments"),
        (["cast", "--device", "127.0.0.1:9", "transfer"], "Error: Missing expected argument '--to"),
        (["cast", "--device", "127.0.0.1:9", "load", "bbb.mp4"], "Error: 'bbb.mp4' is not a media URL"),
        (["cast", "--device", "127.0.0.1:9", "load", "ftp://h/a.mp4"], "Error: 'ftp://h/a.mp4' is not a media URL"),
        (["auth", "verify", "x.pem", "--at", "2026-02-30"], "Error: The value '2026-02-30' is invalid for '--at"),
        (["auth", "verify", "x.pem", "--crl-at", "2025-02-29T00:00:00Z"], "Error: The value '2025-02-29T00:00:00Z'"),
        (["tail", "--since", "2026-02-30", "x.log"], "Error: The value '2026-02-30' is invalid for '--since"),
    ])
    func usageErrorsExitSixtyFourWhateverFollows(arguments: [String], errorPrefix: String) async throws {
        let result = try await CastscopeProcess.run(arguments)
        #expect(result.exitCode == 64, "\(result.standardError)")
        #expect(result.standardError.hasPrefix(errorPrefix), "\(result.standardError)")
        #expect(result.standardError.contains("Usage: "))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func helpStillWorksWhereTheCommandExists() async throws {
        for arguments in [["tail", "--help"], ["cast", "transfer", "--help"], ["--help"], ["--version"]] {
            let result = try await CastscopeProcess.run(arguments)
            #expect(result.exitCode == 0, "\(arguments): \(result.standardError)")
        }
        let transfer = try await CastscopeProcess.run(["cast", "transfer", "--help"])
        // Required, so not in brackets.
        #expect(transfer.standardOutput.contains("--to <name|id|host[:port]>"))
        #expect(!transfer.standardOutput.contains("[--to"))
    }

    @Test func aLeapDayIsADate() async throws {
        let result = try await CastscopeProcess.run(["tail", "--since", "2024-02-29", "/no/such.log"])
        // Past the parser: the file is what fails.
        #expect(result.exitCode == 1, "\(result.standardError)")
    }

    @Test(arguments: [
        ("CASTSCOPE_LOG", "loud", "Error: CASTSCOPE_LOG:1:1: unknown level 'loud'"),
        ("CASTSCOPE_KNOWN_DEVICES", "garbage", "Error: CASTSCOPE_KNOWN_DEVICES: \"garbage\" is not NAME=HOST[:PORT]"),
        ("CASTSCOPE_LOG_TO", "bogus://x", "Error: CASTSCOPE_LOG_TO: "),
    ])
    func aBadEnvironmentVariableIsAUsageErrorInEveryCommand(name: String, value: String, prefix: String) async throws {
        let commands: [[String]] = [
            ["cast", "--device", "127.0.0.1:9", "status"], ["tail", "/no/such.log"], ["inspect", "/no/such.pcap"],
            ["filters", "check", "/no/such.filter"], ["auth", "crl", "/no/such.crl"],
        ]
        for command in commands {
            let result = try await CastscopeProcess.run(command, environment: [name: value])
            #expect(result.exitCode == 64, "\(command): \(result.standardError)")
            #expect(result.standardError.hasPrefix(prefix), "\(command): \(result.standardError)")
        }
    }

    @Test func aMissingFilterFileAndAnEmptyCaptureSayWhatIsWrong() async throws {
        let filters = try await CastscopeProcess.run(["filters", "check", "/no/such.filter"])
        #expect(filters.exitCode == 1)
        #expect(filters.standardError == "Error: /no/such.filter: no such filter file\n")
        let empty = NSTemporaryDirectory() + "castscope-empty-\(UUID().uuidString).pcap"
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let inspect = try await CastscopeProcess.run(["inspect", empty])
        #expect(inspect.exitCode == 1)
        #expect(inspect.standardError.hasPrefix("Error: \(empty)"), "\(inspect.standardError)")
        #expect(inspect.standardError.contains("empty file, no capture header"), "\(inspect.standardError)")
    }

    @Test func aReceiverOnABusyPortNamesTheAddress() async throws {
        let busy = try await ReceiverProcess.start()
        let result = try await CastscopeProcess.run(["receiver", "--host", "127.0.0.1", "--port", "\(busy.port)"])
        #expect(result.exitCode == 1)
        #expect(result.standardError.contains("Error: cannot listen on 127.0.0.1:\(busy.port): "), "\(result.standardError)")
        await busy.stopped()
    }

    @Test func aSessionFileThatIsADirectoryOrForeignIsAnErrorAndKeptAsItWas() async throws {
        let directory = NSTemporaryDirectory() + "castscope-session-dir-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let foreign = directory + "/notes.txt"
        try "my notes\n".write(toFile: foreign, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let device = ["cast", "--device", "127.0.0.1:9", "--insecure-skip-auth", "--timeout", "1s"]
        let asDirectory = try await CastscopeProcess.run(device + ["--session-file", directory, "status"])
        #expect(asDirectory.exitCode == 1)
        #expect(asDirectory.standardError.hasPrefix("Error: --session-file \(directory): is a directory"),
                "\(asDirectory.standardError)")
        let asForeign = try await CastscopeProcess.run(device + ["--session-file", foreign, "status"])
        #expect(asForeign.exitCode == 1)
        #expect(asForeign.standardError.contains("not a castscope session file"), "\(asForeign.standardError)")
        #expect(try String(contentsOfFile: foreign, encoding: .utf8) == "my notes\n")
    }
}

/// `--timeout` bounds connecting, the TLS handshake, device authentication and the request together; a peer that
/// accepts and never answers ends the command with the stage named.
@Suite struct TimeoutTests {
    /// A TCP listener on loopback that accepts and never says a word.
    final class SilentListener: @unchecked Sendable {
        let fd: Int32
        let port: Int

        init() throws {
            let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(socketFD, $0, length) == 0 && listen(socketFD, 16) == 0 && getsockname(socketFD, $0, &length) == 0
                }
            }
            guard socketFD >= 0, bound else {
                close(socketFD)
                throw CocoaError(.fileWriteUnknown)
            }
            // The kernel completes handshakes into the backlog: connections are accepted and never answered.
            fd = socketFD
            port = Int(UInt16(bigEndian: address.sin_port))
        }

        deinit { close(fd) }
    }

    @Test func castNamesTheTLSHandshakeThatDidNotFinish() async throws {
        let listener = try SilentListener()
        let result = try await CastscopeProcess.run(
            ["cast", "--device", "127.0.0.1:\(listener.port)", "--timeout", "2s", "status"])
        #expect(result.exitCode == 1)
        #expect(result.standardError.contains(
            "Error: GCKErrorCodeTimeout (2): TLS handshake with 127.0.0.1:\(listener.port) did not finish within 2 s"),
            "\(result.standardError)")
    }

    @Test func authCheckNamesTheTLSHandshakeThatDidNotFinish() async throws {
        let listener = try SilentListener()
        let result = try await CastscopeProcess.run(
            ["auth", "check", "127.0.0.1:\(listener.port)", "--timeout", "1500ms"])
        #expect(result.exitCode == 1)
        #expect(result.standardError.contains("TLS handshake did not finish within 1.5 s"), "\(result.standardError)")
    }
}
