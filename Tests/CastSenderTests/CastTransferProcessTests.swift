import CastNet
import CastReceiver
import CastTestSupport
import Testing

/// `castscope cast transfer` as a separate process, between two in-process emulators on loopback.
@Suite(.serialized) struct CastTransferProcessTests {
    static func cast(_ port: UInt16, _ arguments: [String]) async throws -> CastscopeProcess.Result {
        try await CastscopeProcess.run(["cast", "--device", "127.0.0.1:\(port)", "--insecure-skip-auth"] + arguments)
    }

    @Test func transferPrintsWhereTheSessionWentAndTheMediaPlaysThere() async throws {
        let rig = try await SessionTransferTests.TwoReceivers()
        let source = rig.harness.address.port
        let destination = rig.denAddress.port
        let load = try await Self.cast(source, ["load", "http://127.0.0.1/bbb.mp4", "--title", "Bunny"])
        #expect(load.exitCode == 0, "\(load.standardError)")

        let transfer = try await Self.cast(source, ["transfer", "--to", "127.0.0.1:\(destination)"])

        #expect(transfer.exitCode == 0, "\(transfer.standardError)")
        #expect(transfer.standardOutput.contains("session moved from"), "\(transfer.standardOutput)")
        #expect(transfer.standardOutput.contains("at 127.0.0.1:\(destination), app session"))
        let there = try await Self.cast(destination, ["status"])
        #expect(there.standardOutput.contains("Bunny"), "\(there.standardOutput)")
        let here = try await Self.cast(source, ["status"])
        #expect(here.standardOutput.contains("Backdrop"), "\(here.standardOutput)")
        await rig.shutdown()
    }

    @Test func aFailedTransferExitsOneAndTheSessionStays() async throws {
        let rig = try await SessionTransferTests.TwoReceivers()
        let source = rig.harness.address.port
        let load = try await Self.cast(source, ["load", "http://127.0.0.1/bbb.mp4", "--title", "Bunny"])
        #expect(load.exitCode == 0, "\(load.standardError)")
        let closed = rig.denAddress.port
        await rig.den.stopAndWait()

        let transfer = try await Self.cast(source, ["transfer", "--to", "127.0.0.1:\(closed)"])

        #expect(transfer.exitCode == 1)
        #expect(transfer.standardError.contains("GCKErrorCodeNetworkError"), "\(transfer.standardError)")
        let here = try await Self.cast(source, ["status"])
        #expect(here.standardOutput.contains("Bunny"), "\(here.standardOutput)")
        await rig.shutdown()
    }
}
