import CastNet
import CastReceiver
import CastTLS
import CastTestSupport
import Foundation
import Testing

/// `castscope cast` as a separate process against a `castscope receiver` process on loopback.
@Suite(.serialized) struct CastCommandProcessTests {
    static func cast(_ harness: ReceiverProcess, _ arguments: [String], auth: [String]) async throws
        -> CastscopeProcess.Result
    {
        try await CastscopeProcess.run(["cast", "--device", "127.0.0.1:\(harness.port)"] + auth + arguments)
    }

    @Test func loadPauseStatusAndQuitWithDeviceAuthentication() async throws {
        let root = NSTemporaryDirectory() + "castscope-root-\(UUID().uuidString).pem"
        // A generated root → ICA → device chain, as a real device presents; the sender trusts its root.
        let harness = try await ReceiverProcess.start(["--auth-chain", "realistic", "--write-root", root])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let auth = ["--trust-root", root]
        let load = try await Self.cast(harness, ["load", "http://127.0.0.1/bbb.mp4", "--title", "Bunny"], auth: auth)
        #expect(load.exitCode == 0, "\(load.standardError)")
        // Success says what happened, one line ending in a newline, from the reply's status.
        #expect(load.standardOutput.hasPrefix("load: ") && load.standardOutput.hasSuffix("(Bunny)\n"),
                "\(load.standardOutput)")
        let pause = try await Self.cast(harness, ["pause"], auth: auth)
        #expect(pause.exitCode == 0, "\(pause.standardError)")
        #expect(pause.standardOutput.hasPrefix("pause: "), "\(pause.standardOutput)")
        let volume = try await Self.cast(harness, ["volume", "0.4"], auth: auth)
        #expect(volume.standardOutput == "volume: 0.40\n", "\(volume.standardOutput)")
        // A pause during BUFFERING takes effect when buffering ends.
        var status = try await Self.cast(harness, ["status"], auth: auth)
        _ = await eventually(within: .seconds(5)) {
            status = (try? await Self.cast(harness, ["status"], auth: auth)) ?? status
            return status.standardOutput.contains("PAUSED")
        }
        #expect(status.standardOutput.contains("Default Media Receiver"))
        #expect(status.standardOutput.contains("PAUSED"))
        #expect(status.standardOutput.contains("Bunny"))
        #expect(try await Self.cast(harness, ["quit"], auth: auth).exitCode == 0)
        let after = try await Self.cast(harness, ["status"], auth: auth)
        #expect(after.standardOutput.contains("Backdrop"))
        await harness.stopped()
    }

    @Test func failureExitsOneWithTheSDKErrorNameAndAHint() async throws {
        let harness = try await ReceiverProcess.start()
        let noTrust = try await Self.cast(harness, ["launch"], auth: [])
        #expect(noTrust.exitCode == 1)
        #expect(noTrust.standardError.contains("GCKErrorCodeDeviceCertificateNotTrusted (43)"))
        #expect(noTrust.standardError.contains("Hint:"))
        let noMedia = try await Self.cast(harness, ["play"], auth: ["--insecure-skip-auth"])
        #expect(noMedia.exitCode == 1)
        #expect(noMedia.standardError.contains("GCKErrorCodeNoMediaSession (32)"))
        #expect(noMedia.standardError.contains("device authentication is off"))
        await harness.stopped()
    }

    @Test func aMessageOver64KiBFailsAtOnceAsMessageTooBig() async throws {
        let harness = try await ReceiverProcess.start()
        let url = "http://127.0.0.1/" + String(repeating: "a", count: 70_000)
        let result = try await Self.cast(harness, ["--timeout", "30s", "load", url], auth: ["--insecure-skip-auth"])
        #expect(result.exitCode == 1)
        // With a 30 s request timeout, only an immediate failure can name the limit (a timeout would say so).
        #expect(result.standardError.contains("GCKErrorCodeMessageTooBig (11)"), "\(result.standardError)")
        #expect(result.standardError.contains("64 KiB"))
        await harness.stopped()
    }

    @Test func sendPrintsTheAdAppsReply() async throws {
        let harness = try await ReceiverProcess.start()
        let result = try await Self.cast(harness, ["--app", ReceiverAppDefinition.adInsertionID, "send",
                                             ReceiverAppDefinition.adInsertionNamespace, "requestAd,http://a.test,4"],
                                   auth: ["--insecure-skip-auth"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains("onContentPauseRequested,4"))
        await harness.stopped()
    }

    @Test func jsonLogFileCarriesSessionMetadata() async throws {
        let harness = try await ReceiverProcess.start()
        let log = NSTemporaryDirectory() + "castscope-cast-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let filter = NSTemporaryDirectory() + "castscope-cast-\(UUID().uuidString).filter"
        try "minimum = verbose\n".write(toFile: filter, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: filter) }
        let result = try await Self.cast(harness, ["--log-filter", filter, "--log-file", log, "launch"],
                                   auth: ["--insecure-skip-auth"])
        #expect(result.exitCode == 0)
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.contains("\"class\":\"GCKSessionManager\""))
        #expect(text.contains("\"cast.session\""))
        #expect(text.contains("\"cast.transport\""))
        #expect(text.contains("\"class\":\"GCKReceiverControlChannel\""))
        await harness.stopped()
    }

    @Test func sessionFileResumesTheSessionAfterARestart() async throws {
        let harness = try await ReceiverProcess.start()
        let base = NSTemporaryDirectory() + "castscope-resume-\(UUID().uuidString)"
        defer {
            for suffix in [".session", ".jsonl", ".filter"] {
                try? FileManager.default.removeItem(atPath: base + suffix)
            }
        }
        try "minimum = info\n".write(toFile: base + ".filter", atomically: false, encoding: .utf8)
        let common = ["--insecure-skip-auth", "--session-file", base + ".session"]
        let first = try await Self.cast(harness, ["launch"], auth: common)
        #expect(first.exitCode == 0)
        let record = try String(contentsOfFile: base + ".session", encoding: .utf8)
        let sessionLine = record.split(separator: "\n").first { $0.hasPrefix("session_id=") }
        let sessionID = try #require(sessionLine.map { String($0.dropFirst("session_id=".count)) })
        let second = try await Self.cast(
            harness, ["--log-filter", base + ".filter", "--log-file", base + ".jsonl", "launch"], auth: common)
        #expect(second.exitCode == 0)
        #expect(second.standardOutput.contains(sessionID))
        let log = try String(contentsOfFile: base + ".jsonl", encoding: .utf8)
        #expect(log.contains("didResume"))
        #expect(!log.contains("didStart\""))
        await harness.stopped()
    }

    @Test func controlReadsKeysAndDrawsTheMiniController() async throws {
        let harness = try await ReceiverProcess.start()
        let auth = ["--insecure-skip-auth"]
        let load = try await Self.cast(harness, ["load", "http://127.0.0.1/a.mp4", "--title", "Bunny"], auth: auth)
        #expect(load.exitCode == 0)
        #expect(await eventually(within: .seconds(5)) {
            (try? await Self.cast(harness, ["status"], auth: auth))?.standardOutput.contains("PLAYING") ?? false
        })
        // Without a terminal the keys are plain bytes: pause, repeat, quit.
        let result = try await CastscopeProcess.run(
            ["cast", "--device", "127.0.0.1:\(harness.port)"] + auth + ["control"], input: Array(" rq".utf8))
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains("Bunny  PLAYING"))
        #expect(result.standardOutput.contains("Bunny  PAUSED"))
        #expect(result.standardOutput.contains("repeat ALL"))
        await harness.stopped()
    }

    @Test func loadCredentialsNeverReachTheLogFile() async throws {
        let harness = try await ReceiverProcess.start()
        let base = NSTemporaryDirectory() + "castscope-secret-\(UUID().uuidString)"
        defer {
            for suffix in [".jsonl", ".filter"] { try? FileManager.default.removeItem(atPath: base + suffix) }
        }
        try "minimum = verbose\n".write(toFile: base + ".filter", atomically: false, encoding: .utf8)
        let result = try await Self.cast(
            harness, ["--log-filter", base + ".filter", "--log-file", base + ".jsonl", "--log-file-filter", "verbose",
                      "load", "http://127.0.0.1/a.mp4",
                      "--credentials", "hunter2-secret-token"], auth: ["--insecure-skip-auth"])
        #expect(result.exitCode == 0)
        let log = try String(contentsOfFile: base + ".jsonl", encoding: .utf8)
        #expect(log.contains("credentials"))
        #expect(!log.contains("hunter2-secret-token"))
        #expect(!result.standardError.contains("hunter2-secret-token"))
        await harness.stopped()
    }
}
