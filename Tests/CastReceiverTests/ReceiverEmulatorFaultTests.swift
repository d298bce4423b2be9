import CastJSON
import CastNet
import CastReceiver
import CastTLS
import CastTestSupport
import CastWire
import Foundation
import Testing

/// Connection-level faults and TLS options of the emulator, over loopback with our own channel as the sender.
@Suite(.serialized) struct ReceiverEmulatorFaultTests {
    @Test func closeAfterAndResetAfterEndTheChannel() async throws {
        for fault in [ReceiverFault.closeAfter(.seconds(1)), .resetAfter(.seconds(1))] {
            let harness = try EmulatorHarness(ReceiverConfiguration(faults: [fault]))
            defer { harness.shutdown() }
            // The timer runs from accept; on a loaded machine it may fire before TLS is up, which is the fault too.
            guard
                let probe = await ReceiverProbe.connect(
                    to: harness.address, on: harness.clientLoop, tls: harness.clientTLS)
            else { continue }
            #expect(await eventually(within: .seconds(10)) { await probe.isClosed() }, "\(fault)")
        }
    }

    @Test func stalledHandshakeIsClosedAfterTheTimeout() async throws {
        let harness = try EmulatorHarness(customize: { $0.handshakeTimeout = .milliseconds(300) })
        defer { harness.shutdown() }
        let hello = try TLSConnection(context: harness.clientTLS)
        _ = hello.handshake()
        let clientHello = hello.takeCiphertext()
        let stalled = try await RawTCPPeer(to: harness.address, on: harness.clientLoop)
        stalled.connection.write(Array(clientHello.prefix(clientHello.count / 2)))  // and then nothing, no FIN
        #expect(await eventually(within: .seconds(10)) { stalled.isClosed })
    }

    @Test func delayFaultHoldsRepliesBackButNotHeartbeats() async throws {
        let harness = try EmulatorHarness(ReceiverConfiguration(faults: [.delay(.seconds(30))]))
        defer { harness.shutdown() }
        let probe = try await harness.probe()
        probe.send(CastNamespace.connection.rawValue, text: #"{"type":"CONNECT"}"#)
        #expect(await probe.request(.receiver, ["type": "GET_STATUS"], timeout: .milliseconds(500)) == nil)
        let pong = await probe.request(.heartbeat, ["type": "PING"])
        #expect(pong?["type"] == "PONG")
    }

    @Test func heartbeatStopFaultSilencesPingAndPong() async throws {
        let harness = try EmulatorHarness(ReceiverConfiguration(faults: [.heartbeatStopAfter(.zero)]))
        defer { harness.shutdown() }
        let probe = try await harness.probe()
        #expect(await probe.request(.heartbeat, ["type": "PING"], timeout: .milliseconds(500)) == nil)
        #expect(await harness.connectAndStatus(probe)?["type"] == "RECEIVER_STATUS")
    }

    @Test func emulatorPingsItsSenders() async throws {
        let harness = try EmulatorHarness { $0.heartbeatInterval = .milliseconds(50) }
        defer { harness.shutdown() }
        let probe = try await harness.probe()
        let pings = Counter()
        probe.onMessage = { message in
            if message.namespace == CastNamespace.heartbeat.rawValue, message.payloadUTF8?.contains("PING") == true {
                pings.increment()
            }
        }
        #expect(await eventually(within: .seconds(20)) { pings.value >= 2 })
        #expect(await probe.isClosed() == false)
    }

    @Test func tlsOptionPinsTheVersion() async throws {
        let pinned = try EmulatorHarness(
            customize: { $0.tlsVersion = .tls13 },
            client: .client(maximumVersion: .tls12))
        defer { pinned.shutdown() }
        #expect(await ReceiverProbe.connect(to: pinned.address, on: pinned.clientLoop, tls: pinned.clientTLS) == nil)
        let twelve = try EmulatorHarness(customize: { $0.tlsVersion = .tls12 })
        defer { twelve.shutdown() }
        let probe = try await twelve.probe()
        #expect(await twelve.connectAndStatus(probe)?["type"] == "RECEIVER_STATUS")
    }

    @Test func keyLogReceivesTheSessionSecrets() async throws {
        let path = NSTemporaryDirectory() + "castscope-keylog-\(UUID().uuidString).txt"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let keyLog = try KeyLogFile(path: path)
        let harness = try EmulatorHarness(customize: { $0.keyLog = keyLog })
        defer { harness.shutdown() }
        let probe = try await harness.probe()
        _ = await harness.connectAndStatus(probe)
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        #expect(text.contains("CLIENT_HANDSHAKE_TRAFFIC_SECRET") || text.contains("CLIENT_RANDOM"))
        let mode = (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? 0
        #expect(mode == 0o600)
    }

    @Test func deviceAuthChallengeGetsASignedResponse() async throws {
        let harness = try EmulatorHarness()
        defer { harness.shutdown() }
        let probe = try await harness.probe()
        let replies = Counter()
        probe.onMessage = { message in
            if message.namespace == CastNamespace.deviceAuth.rawValue, message.payloadType == .binary,
                let bytes = message.payloadBinary, let decoded = try? DeviceAuthMessage(protobuf: bytes),
                decoded.response?.signature.isEmpty == false
            {
                replies.increment()
            }
        }
        var challenge = AuthChallenge()
        challenge.senderNonce = Array(repeating: 7, count: 16)
        challenge.hashAlgorithm = .sha256
        let message = DeviceAuthMessage(challenge: challenge)
        probe.send(
            CastMessage(
                sourceID: "sender-0", destinationID: "receiver-0",
                namespace: CastNamespace.deviceAuth.rawValue, binary: message.protobufBytes()))
        #expect(await eventually(within: .seconds(20)) { replies.value == 1 })
    }
}

/// The built-in ad-insertion app (seed 001) over a real channel.
@Suite struct AdInsertionAppTests {
    @Test func requestAdPausesContentThenResumesAfterTheSimulatedAd() async throws {
        let harness = try EmulatorHarness(ReceiverConfiguration(adDuration: .milliseconds(300)))
        defer { harness.shutdown() }
        let probe = try await harness.probe()
        let adMessages = AdMessages()
        probe.onMessage = { message in
            if message.namespace == ReceiverAppDefinition.adInsertionNamespace, let text = message.payloadUTF8 {
                adMessages.append(text)
            }
        }
        _ = await harness.connectAndStatus(probe)
        let launched = await probe.request(
            .receiver, ["type": "LAUNCH", "appId": .string(ReceiverAppDefinition.adInsertionID)])
        let transport = try #require(
            launched?["status"]?["applications"]?.arrayValue?.first?["transportId"]?.stringValue)
        probe.send(CastNamespace.connection.rawValue, text: #"{"type":"CONNECT"}"#, to: transport)
        let loaded = await probe.request(
            .media,
            [
                "type": "LOAD", "autoplay": false,
                "media": [
                    "contentId": "http://127.0.0.1:9/content.mp4", "contentType": "video/mp4", "streamType": "BUFFERED",
                ],
            ],
            to: transport)
        #expect(loaded?["type"] == "MEDIA_STATUS")
        probe.send(
            ReceiverAppDefinition.adInsertionNamespace, text: "requestAd,http://127.0.0.1:9/vmap.xml,12.000000",
            to: transport)
        #expect(
            await eventually(within: .seconds(20)) {
                adMessages.all == ["onContentPauseRequested,12.000000", "onContentResumeRequested"]
            }, "\(adMessages.all)")
        let status = await probe.request(.media, ["type": "GET_STATUS"], to: transport)
        let entry = status?["status"]?.arrayValue?.first
        #expect(entry?["currentTime"]?.doubleValue.map { $0 >= 12 } == true)
        probe.send(ReceiverAppDefinition.adInsertionNamespace, text: "seek,30", to: transport)
        #expect(
            await eventually(within: .seconds(20)) {
                let now = await probe.request(.media, ["type": "GET_STATUS"], to: transport)
                return now?["status"]?.arrayValue?.first?["currentTime"]?.doubleValue.map { $0 >= 30 } == true
            })
    }
}

/// Text messages collected from a callback thread.
final class AdMessages: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [String] = []
    func append(_ text: String) {
        lock.lock()
        texts.append(text)
        lock.unlock()
    }
    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return texts
    }
}
