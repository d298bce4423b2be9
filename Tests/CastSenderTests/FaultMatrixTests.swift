import CastNet
import CastReceiver
import CastTestSupport
import Synchronization
import Testing

@testable import CastSender

/// Counts how often each request ended, to prove "exactly once" under faults.
final class EndCounter: RequestDelegate, @unchecked Sendable {
    // The requests are kept so their identifiers are never reused by later allocations.
    private let counts = Mutex<[ObjectIdentifier: (Request, Int)]>([:])
    func requestDidComplete(_ request: Request) { bump(request) }
    func request(_ request: Request, didFailWithError error: CastError) { bump(request) }
    func request(_ request: Request, didAbortWithReason reason: RequestAbortReason) { bump(request) }
    private func bump(_ request: Request) {
        counts.withLock { $0[ObjectIdentifier(request), default: (request, 0)].1 += 1 }
    }
    var all: [ObjectIdentifier: Int] { counts.withLock { $0.mapValues(\.1) } }
    var requestIDs: [Int64] { counts.withLock { $0.values.map(\.0.requestID) } }
}

/// The emulator's `--fault` specs, each with its expected outcome: which callbacks, which error code, whether the
/// session resumes; no hang, every request ended exactly once.
@Suite(.serialized) struct FaultMatrixTests {
    static func harness(_ faults: [ReceiverFault], appID: String = "CC1AD845",
                        heartbeat: Duration = .milliseconds(100)) throws -> SenderHarness {
        try SenderHarness(ReceiverConfiguration(faults: faults), appID: appID) { options in
            options.heartbeatInterval = heartbeat
            options.backoff.initial = .milliseconds(50)
            options.requestTimeout = .milliseconds(800)
        }
    }

    static func start(_ harness: SenderHarness, _ recorder: CallbackRecorder) async -> Result<CastSession, CastError> {
        await harness.context.withSessionManager { manager in manager.add(recorder) }
        return await harness.context.startSession(with: harness.device)
    }

    @Test(arguments: [
        // The faults start late enough that a slow machine finishes starting the session first (a fault during the
        // start fails it, which is another test's outcome).
        // Under the full suite on two cores a start took over 2 s, and once over 4 s (the heartbeat stopped before
        // the device-auth reply); 8 s leaves room.
        ReceiverFault.heartbeatStopAfter(.seconds(8)), .closeAfter(.seconds(8)), .resetAfter(.seconds(8)),
    ])
    func connectionFaultsSuspendAndResumeTheSameSession(fault: ReceiverFault) async throws {
        // A 100 ms heartbeat (200 ms liveness) declared the channel dead while the emulator signed the device-auth
        // reply on a loaded machine, twice in full runs; 500 ms still notices the stopped heartbeat within the wait.
        let harness = try Self.harness([fault], heartbeat: .milliseconds(500))
        let recorder = CallbackRecorder()
        let session = try await Self.start(harness, recorder).get()
        let sessionID = await harness.context.withSessionManager { _ in session.sessionID }
        #expect(await eventually(within: .seconds(20)) { recorder.events.contains("didResume") }, "\(recorder.events)")
        #expect(recorder.events.contains("didSuspend NetworkError"))
        #expect(await harness.context.withSessionManager { _ in session.sessionID } == sessionID)
        await harness.shutdown()
    }

    @Test(arguments: [ReceiverFault.malformedFrameAfter(5), .oversizeFrameAfter(5)])
    func badFramesAreAProtocolErrorThatSuspendsOrFailsTheStart(fault: ReceiverFault) async throws {
        let harness = try Self.harness([fault])
        let recorder = CallbackRecorder()
        let counter = EndCounter()
        let started = await Self.start(harness, recorder)
        if case .success = started {
            for _ in 0..<6 {
                _ = await harness.context.perform { manager in
                    let request = manager.currentCastSession?.remoteMediaClient.requestStatus()
                    request?.delegate = counter
                    return request
                }
            }
            let suspended = await eventually(within: .seconds(8)) { recorder.events.contains("didSuspend NetworkError") }
            #expect(suspended, "\(recorder.events)")
        } else {
            #expect(recorder.events.contains { $0.hasPrefix("didFailToStart") })
        }
        #expect(counter.all.count == 6 || recorder.events.contains { $0.hasPrefix("didFailToStart") })
        #expect(counter.all.values.allSatisfy { $0 == 1 })
        await harness.shutdown()
    }

    @Test func delayedRepliesStillComplete() async throws {
        let harness = try Self.harness([.delay(.milliseconds(150))])
        _ = try await Self.start(harness, CallbackRecorder()).get()
        let outcome = await harness.context.perform {
            $0.currentCastSession?.remoteMediaClient.loadMedia(SenderEmulatorTests.bunnyLoad())
        }
        #expect(outcome == .completed)
        await harness.shutdown()
    }

    @Test func ignoredLoadTimesOutExactlyOnce() async throws {
        let harness = try Self.harness([.ignore("LOAD")])
        _ = try await Self.start(harness, CallbackRecorder()).get()
        let counter = EndCounter()
        let outcome = await harness.context.perform { manager in
            let request = manager.currentCastSession?.remoteMediaClient.loadMedia(SenderEmulatorTests.bunnyLoad())
            request?.delegate = counter
            return request
        }
        guard case let .failed(error) = outcome else {
            Issue.record("LOAD did not fail: \(outcome)")
            await harness.shutdown()
            return
        }
        #expect(error.code == .timeout)
        #expect(counter.all.count == 1 && counter.all.values.allSatisfy { $0 == 1 })
        await harness.shutdown()
    }

    @Test func ignoredGetStatusFailsTheStartWithTimeout() async throws {
        let harness = try Self.harness([.ignore("GET_STATUS")])
        let recorder = CallbackRecorder()
        let result = await Self.start(harness, recorder)
        if case let .failure(error) = result { #expect(error.code == .timeout) } else { Issue.record("started") }
        #expect(recorder.events.filter { !$0.hasPrefix("volume") } == ["willStart", "didFailToStart Timeout"])
        await harness.shutdown()
    }

    @Test(arguments: [("NOT_FOUND", 20), ("CANCELLED", 103), ("NOT_ALLOWED", 7), ("CAST_INIT_TIMEOUT", 2)])
    func launchErrorsMapToTheirCodes(reason: String, code: Int) async throws {
        let harness = try Self.harness([.launchError(reason)])
        let recorder = CallbackRecorder()
        let result = await Self.start(harness, recorder)
        if case let .failure(error) = result { #expect(error.code.rawValue == code) } else { Issue.record("started") }
        #expect(recorder.events.last?.hasPrefix("didFailToStart") == true)
        await harness.shutdown()
    }

    @Test func tlsAlertFailsTheStartWithSecureTransportError() async throws {
        let harness = try Self.harness([.tlsAlert])
        let result = await Self.start(harness, CallbackRecorder())
        if case let .failure(error) = result {
            #expect(error.code == .secureTransportError)
        } else {
            Issue.record("started despite the TLS alert")
        }
        await harness.shutdown()
    }

    @Test func twentySessionsInARowLeakNoFileDescriptorsOrThreads() async throws {
        let harness = try Self.harness([])
        _ = try await harness.context.startSession(with: harness.device).get()
        // The count sees a live session (both ends of its connection), so it can see a leaked one.
        #expect(FileManagerShim.openConnections(port: harness.address.port) >= 2)
        await harness.context.endSession(stopCasting: false)
        for _ in 0..<20 {
            _ = try await harness.context.startSession(with: harness.device).get()
            await harness.context.endSession(stopCasting: false)
        }
        // The descriptor count is the process's, which tests running beside this one change; the connections to
        // this test's emulator are its own, and none may stay open.
        #expect(await eventually(within: .seconds(5)) { FileManagerShim.openConnections(port: harness.address.port) == 0 })
        let threads = (try? FileManagerShim.count("/proc/self/task")) ?? 0
        _ = try await harness.context.startSession(with: harness.device).get()
        await harness.context.endSession(stopCasting: false)
        #expect(((try? FileManagerShim.count("/proc/self/task")) ?? 0) <= threads)
        await harness.shutdown()
    }
}
