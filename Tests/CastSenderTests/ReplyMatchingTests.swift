import CastLog
import CastNet
import CastReceiver
import CastTestKit
import CastWire
import Testing

@testable import CastSender

/// Replies end a request only when they arrive on the namespace it was sent on, from the endpoint it was sent to:
/// every namespace of a session shares one requestId space, so the id alone does not identify the request.
@Suite(.serialized) struct ReplyMatchingTests {
    /// Captures `Logger.shared` (other suites' records are told apart by class, message and request id).
    private static let ring: RingBufferSink = {
        let ring = RingBufferSink(capacity: 20_000)
        Logger.shared.addSink(ring)
        return ring
    }()

    private static func ignoredWarnings(requestID: Int64) -> [LogRecord] {
        ring.records.filter {
            $0.className == "GCKRequest" && $0.level == .warning && $0.message.hasSuffix("ignored")
                && $0.metadata["cast.request_id"] == .int(requestID)
        }
    }

    /// The ignored-reply warnings of one device's requests: request ids are small and every session reuses them,
    /// so the id alone would also match warnings from other suites' sessions.
    private static func ignoredWarnings(requestID: Int64, device: String) -> [LogRecord] {
        ignoredWarnings(requestID: requestID).filter { $0.metadata["cast.device"] == .string(device) }
    }

    @Test func replyOnAnotherNamespaceIsLoggedAndIgnored() {
        _ = Self.ring
        let table = PendingRequests(clock: ManualClock(), metadata: ["cast.device": "reply-matching-1"])
        let delegate = RecordingRequestDelegate()
        let request = table.start("PAUSE", namespace: CastNamespace.media.rawValue, peer: "transport-1")
        request.delegate = delegate
        let wrong = CastNamespace.receiver.rawValue
        #expect(
            !table.reply(
                request.requestID, .failed(CastError(.invalidRequest)), namespace: wrong,
                source: "receiver-0"))
        #expect(request.inProgress)
        let warning = Self.ignoredWarnings(requestID: request.requestID).first {
            $0.metadata["cast.device"] == "reply-matching-1"
        }
        #expect(warning?.metadata["cast.ns"] == .string(wrong))
        #expect(
            table.reply(
                request.requestID, .completed, namespace: CastNamespace.media.rawValue,
                source: "transport-1"))
        #expect(delegate.events == ["complete PAUSE"])
    }

    @Test func replyFromAnotherEndpointIsLoggedAndIgnored() {
        _ = Self.ring
        let table = PendingRequests(clock: ManualClock(), metadata: ["cast.device": "reply-matching-2"])
        let request = table.start("LOAD", namespace: CastNamespace.media.rawValue, peer: "transport-2")
        #expect(
            !table.reply(
                request.requestID, .completed, namespace: CastNamespace.media.rawValue,
                source: "receiver-0"))
        #expect(request.inProgress)
        #expect(
            Self.ignoredWarnings(requestID: request.requestID).contains {
                $0.metadata["cast.device"] == "reply-matching-2" && $0.message.contains("receiver-0")
            })
        #expect(
            table.reply(
                request.requestID, .completed, namespace: CastNamespace.media.rawValue,
                source: "transport-2"))
        #expect(!request.inProgress)
    }

    /// The emulator's `stray-replies` fault sends, before every reply, INVALID_REQUEST with the same requestId on
    /// the other namespace and (for app replies) from receiver-0: a whole session still works, and every request
    /// ends once, with its real reply.
    @Test func strayRepliesFromTheFaultInjectingEmulatorDoNotEndRequests() async throws {
        _ = Self.ring
        // A device id of its own, so the warnings checked below are this session's.
        let deviceID = "5354524159524550004c494553000001"
        let harness = try SenderHarness(
            ReceiverConfiguration(name: "Stray TV", deviceID: deviceID, faults: [.strayReplies])
        ) { options in
            options.heartbeatInterval = .milliseconds(100)
            options.backoff.initial = .milliseconds(50)
            options.requestTimeout = .milliseconds(800)
        }
        let recorder = CallbackRecorder()
        let started = await FaultMatrixTests.start(harness, recorder)
        #expect(throws: Never.self) { try started.get() }
        let counter = EndCounter()
        var outcomes: [RequestOutcome] = []
        let commands: [@Sendable (SessionManager) -> Request?] = [
            { $0.currentCastSession?.remoteMediaClient.loadMedia(SenderEmulatorTests.bunnyLoad()) },
            { $0.currentCastSession?.remoteMediaClient.requestStatus() },
            { $0.currentCastSession?.setDeviceVolume(0.4) },
            { $0.currentCastSession?.remoteMediaClient.pause() },
        ]
        for command in commands {
            outcomes.append(
                await harness.context.perform { manager in
                    let request = command(manager)
                    request?.delegate = counter
                    return request
                })
        }
        #expect(outcomes == [.completed, .completed, .completed, .completed])
        #expect(counter.all.count == 4 && counter.all.values.allSatisfy { $0 == 1 })
        for id in counter.requestIDs {
            #expect(!Self.ignoredWarnings(requestID: id, device: deviceID).isEmpty, "no warning for request \(id)")
        }
        await harness.shutdown()
    }
}
