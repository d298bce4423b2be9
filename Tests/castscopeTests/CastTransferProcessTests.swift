import CastTestSupport
import Testing

/// `castscope cast transfer` as a separate process, between two `castscope receiver` processes on loopback.
@Suite(.serialized) struct CastTransferProcessTests {
    static func cast(_ port: Int, _ arguments: [String]) async throws -> CastscopeProcess.Result {
        try await CastscopeProcess.run(["cast", "--device", "127.0.0.1:\(port)", "--insecure-skip-auth"] + arguments)
    }

    @Test func transferPrintsWhereTheSessionWentAndTheMediaPlaysThere() async throws {
        let source = try await ReceiverProcess.start(["--name", "Kitchen TV"])
        let den = try await ReceiverProcess.start(["--name", "Den"])
        let load = try await Self.cast(source.port, ["load", "http://127.0.0.1/bbb.mp4", "--title", "Bunny"])
        #expect(load.exitCode == 0, "\(load.standardError)")

        let transfer = try await Self.cast(source.port, ["transfer", "--to", "127.0.0.1:\(den.port)"])

        #expect(transfer.exitCode == 0, "\(transfer.standardError)")
        #expect(transfer.standardOutput.contains("session moved from"), "\(transfer.standardOutput)")
        #expect(transfer.standardOutput.contains("at 127.0.0.1:\(den.port), app session"))
        let there = try await Self.cast(den.port, ["status"])
        #expect(there.standardOutput.contains("Bunny"), "\(there.standardOutput)")
        let here = try await Self.cast(source.port, ["status"])
        #expect(here.standardOutput.contains("Backdrop"), "\(here.standardOutput)")
        await source.stopped()
        await den.stopped()
    }

    @Test func aFailedTransferExitsOneAndTheSessionStays() async throws {
        let source = try await ReceiverProcess.start()
        let load = try await Self.cast(source.port, ["load", "http://127.0.0.1/bbb.mp4", "--title", "Bunny"])
        #expect(load.exitCode == 0, "\(load.standardError)")
        // Nothing listens there any more: the connection is refused.
        let gone = try await ReceiverProcess.start(["--name", "Gone"])
        let closed = gone.port
        await gone.stopped()

        let transfer = try await Self.cast(source.port, ["transfer", "--to", "127.0.0.1:\(closed)"])

        #expect(transfer.exitCode == 1)
        #expect(transfer.standardError.contains("GCKErrorCodeNetworkError"), "\(transfer.standardError)")
        let here = try await Self.cast(source.port, ["status"])
        #expect(here.standardOutput.contains("Bunny"), "\(here.standardOutput)")
        await source.stopped()
    }
}
