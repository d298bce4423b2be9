import CastJSON
import CastLog
import CastNet
import CastReceiver
import CastTLS
import CastTestSupport
import CastWire
import Foundation
import Testing

/// The emulator over real loopback TLS with our own channel layer as the sender.
@Suite(.serialized) struct ReceiverEmulatorTests {
    @Test func garbageFromOneSenderClosesOnlyThatConnection() async throws {
        // A logger of its own: other suites change Logger.shared's filter while they run.
        let recorder = RecordingLogDelegate()
        let logger = Logger()
        logger.delegate = recorder
        let harness = try EmulatorHarness(customize: { $0.logger = logger })
        defer { harness.shutdown() }
        let bystander = try await harness.probe("sender-bystander")
        #expect(await harness.connectAndStatus(bystander)?["type"] == "RECEIVER_STATUS")
        let owner = try await harness.probe("sender-owner")
        _ = await harness.connectAndStatus(owner)
        let transport = try #require(await harness.launchMedia(owner))

        // Random bytes where a ClientHello belongs.
        var generator = SeededGenerator(seed: 0xC1E0)
        let random = try await RawTCPPeer(to: harness.address, on: harness.clientLoop)
        random.connection.write((0..<512).map { _ in UInt8.random(in: 0...255, using: &generator) })
        #expect(await eventually(within: .seconds(20)) { random.isClosed }, "random bytes")

        // Half a ClientHello, then FIN.
        let hello = try TLSConnection(context: harness.clientTLS)
        _ = hello.handshake()
        let clientHello = hello.takeCiphertext()
        let truncated = try await RawTCPPeer(to: harness.address, on: harness.clientLoop)
        truncated.connection.write(Array(clientHello.prefix(clientHello.count / 2)))
        truncated.connection.shutdownOutput()
        #expect(await eventually(within: .seconds(20)) { truncated.isClosed }, "truncated TLS")

        // A frame header announcing 65 537 bytes.
        let oversize = try await harness.probe("sender-oversize")
        oversize.sendRaw([0x00, 0x01, 0x00, 0x01] + [UInt8](repeating: 0, count: 32))
        #expect(await eventually(within: .seconds(20)) { await oversize.isClosed() }, "oversize frame")

        // Invalid JSON on the receiver namespace.
        let badJSON = try await harness.probe("sender-json")
        _ = await harness.connectAndStatus(badJSON)
        badJSON.send(CastNamespace.receiver.rawValue, text: #"{"type":"GET_STATUS","requestId":"#)
        #expect(await eventually(within: .seconds(20)) { await badJSON.isClosed() }, "invalid JSON")

        // A namespace that is not a Cast namespace at all.
        let badNamespace = try await harness.probe("sender-ns")
        _ = await harness.connectAndStatus(badNamespace)
        badNamespace.send("not-a-namespace", text: "{}")
        #expect(await eventually(within: .seconds(20)) { await badNamespace.isClosed() }, "unknown namespace")

        // Media commands into the owner's session without joining it.
        let intruder = try await harness.probe("sender-intruder")
        _ = await harness.connectAndStatus(intruder)
        intruder.send(
            CastNamespace.media.rawValue, text: #"{"type":"PAUSE","mediaSessionId":1,"requestId":5}"#,
            to: transport)
        #expect(await eventually(within: .seconds(20)) { await intruder.isClosed() }, "another sender's session")

        // The well-behaved senders never noticed.
        #expect(await bystander.isClosed() == false)
        #expect(await owner.isClosed() == false)
        #expect(await bystander.request(.receiver, ["type": "GET_STATUS"])?["type"] == "RECEIVER_STATUS")
        let media = await owner.request(.media, ["type": "GET_STATUS"], to: transport)
        #expect(media?["type"] == "MEDIA_STATUS")
        #expect(await harness.emulator.connectedSenderCount() == 2)
        // The emulator logs on its own loop thread, possibly just after the peer saw the close: wait for the records.
        let expected = ["invalid JSON", "unknown namespace", "without CONNECT", "INVALID_MESSAGE"]
        let errors: @Sendable () -> [String] = { recorder.recorded.filter { $0.level == .error }.map(\.message) }
        _ = await eventually(within: .seconds(20)) {
            expected.allSatisfy { logged in errors().contains { $0.contains(logged) } }
        }
        for logged in expected {
            #expect(errors().contains { $0.contains(logged) }, "no error logged about \(logged): \(errors())")
        }
    }

    @Test func fiftyConcurrentSendersLoseNoReplies() async throws {
        let seconds = Double(ProcessInfo.processInfo.environment["CASTSCOPE_LOAD_SECONDS"] ?? "") ?? 2
        let harness = try EmulatorHarness()
        defer { harness.shutdown() }
        let result = await ReceiverLoad.run(
            senders: 50, duration: .milliseconds(Int64(seconds * 1000)), address: harness.address,
            loop: harness.clientLoop, tls: harness.clientTLS)
        #expect(result.connected == 50)
        // GET_STATUS, LAUNCH and at least one GET_STATUS/LOAD/PAUSE/PLAY cycle each.
        #expect(result.requests >= 50 * 6)
        #expect(result.lostReplies == 0, "\(result)")
    }

    @Test func faultFramesCloseTheSendersChannel() async throws {
        for fault in [ReceiverFault.malformedFrameAfter(1), .oversizeFrameAfter(1)] {
            let harness = try EmulatorHarness(ReceiverConfiguration(faults: [fault]))
            defer { harness.shutdown() }
            let probe = try await harness.probe()
            _ = await harness.connectAndStatus(probe)
            #expect(await eventually(within: .seconds(20)) { await probe.isClosed() }, "\(fault)")
        }
    }

    @Test func tlsAlertFaultRefusesTheHandshake() async throws {
        let harness = try EmulatorHarness(ReceiverConfiguration(faults: [.tlsAlert]))
        defer { harness.shutdown() }
        let probe = await ReceiverProbe.connect(to: harness.address, on: harness.clientLoop, tls: harness.clientTLS)
        #expect(probe == nil)
    }

    @Test func stopSendsCloseOnEveryVirtualConnection() async throws {
        let harness = try EmulatorHarness()
        defer { harness.shutdown() }
        let probe = try await harness.probe()
        let closes = Counter()
        probe.onMessage = { message in
            if message.namespace == CastNamespace.connection.rawValue, message.payloadUTF8?.contains("CLOSE") == true {
                closes.increment()
            }
        }
        _ = await harness.connectAndStatus(probe)
        _ = await harness.launchMedia(probe)
        _ = await probe.request(.receiver, ["type": "GET_STATUS"])
        harness.emulator.stop()
        #expect(await eventually(within: .seconds(20)) { closes.value == 2 })
        #expect(await eventually(within: .seconds(20)) { await probe.isClosed() })
    }
}

/// A thread-safe counter for callbacks.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
