import CastWire
import Testing

@testable import CastSender

@Suite struct SessionStateMachineTests {
    static func status(_ apps: [(appID: String, sessionID: String)]) -> ReceiverStatus {
        ReceiverStatus(requestID: 0, status: .init(applications: apps.map {
            ReceiverApplication(appID: $0.appID, sessionID: $0.sessionID, transportID: $0.sessionID,
                                namespaces: [CastNamespace.media.rawValue])
        }))
    }

    static func notifications(_ actions: [SessionAction]) -> [SessionNotification] {
        actions.compactMap { if case let .notify(note) = $0 { note } else { nil } }
    }

    static func connected(authenticate: Bool = true) -> SessionStateMachine {
        var configuration = SessionStateMachine.Configuration(appID: "CC1AD845")
        configuration.authenticate = authenticate
        var machine = SessionStateMachine(configuration: configuration, deviceID: "dev-1")
        _ = machine.start()
        _ = machine.transportConnected()
        _ = machine.authenticated()
        _ = machine.receiverStatus(status([]))
        _ = machine.receiverStatus(status([("CC1AD845", "S1")]))
        return machine
    }

    @Test func startLaunchesWhenTheAppIsNotRunning() {
        var machine = SessionStateMachine(configuration: .init(appID: "CC1AD845"), deviceID: "dev-1")
        #expect(machine.start() == [.notify(.willStart), .connectTransport])
        #expect(machine.transportConnected() == [.authenticate])
        #expect(machine.authenticated() == [.connectReceiver])
        #expect(machine.receiverStatus(Self.status([("E8C28D3C", "backdrop")])) == [.launch])
        #expect(machine.state == .launching)
        #expect(machine.receiverStatus(Self.status([("E8C28D3C", "backdrop")])) == [])
        let actions = machine.receiverStatus(Self.status([("CC1AD845", "S1")]))
        #expect(Self.notifications(actions) == [.didStart])
        #expect(machine.state == .connected && machine.state.connectionState == .connected)
        #expect(machine.resumeRecord == SessionResumeRecord(deviceID: "dev-1", sessionID: "S1", transportID: "S1",
                                                            appID: "CC1AD845"))
    }

    @Test func startJoinsARunningAppWithoutLaunching() {
        var configuration = SessionStateMachine.Configuration(appID: "CC1AD845")
        configuration.authenticate = false
        var machine = SessionStateMachine(configuration: configuration, deviceID: "dev-1")
        _ = machine.start()
        #expect(machine.transportConnected() == [.connectReceiver])
        let actions = machine.receiverStatus(Self.status([("CC1AD845", "S9")]))
        #expect(actions.first == .connectApplication(Self.status([("CC1AD845", "S9")]).runningApplication!))
        #expect(machine.application?.sessionID == "S9")
    }

    @Test func launchErrorFailsTheStart() {
        var machine = SessionStateMachine(configuration: .init(appID: "BADAPP00"), deviceID: "d")
        _ = machine.start()
        _ = machine.transportConnected()
        _ = machine.authenticated()
        _ = machine.receiverStatus(Self.status([]))
        let error = CastError(.applicationNotFound)
        #expect(machine.launchFailed(error) == [.closeTransport, .notify(.didFailToStart(error))])
        #expect(machine.state == .failed)
    }

    @Test func authFailureFailsTheStart() {
        var machine = SessionStateMachine(configuration: .init(appID: "CC1AD845"), deviceID: "d")
        _ = machine.start()
        _ = machine.transportConnected()
        let error = CastError(.deviceAuthenticationFailure)
        #expect(Self.notifications(machine.authenticationFailed(error)) == [.didFailToStart(error)])
    }

    @Test func lostConnectionSuspendsReconnectsAndResumesTheSameSession() {
        var machine = Self.connected()
        let lost = machine.connectionLost(CastError(.networkError))
        #expect(Self.notifications(lost) == [.didSuspend(.networkError)])
        guard case let .scheduleReconnect(delay) = lost.last else {
            Issue.record("no reconnect scheduled")
            return
        }
        #expect(delay >= .milliseconds(800) && delay <= .milliseconds(1200))
        #expect(machine.reconnectDue() == [.notify(.willResume), .connectTransport])
        _ = machine.transportConnected()
        #expect(machine.authenticated() == [.connectReceiver])
        let resumed = machine.receiverStatus(Self.status([("CC1AD845", "S1")]))
        #expect(Self.notifications(resumed) == [.didResume])
        #expect(machine.state == .connected && machine.reconnectAttempt == 0)
    }

    @Test func backoffDoublesUpToTheCapAndGivesUp() {
        var machine = Self.connected()
        var delays: [Duration] = []
        var actions = machine.connectionLost(CastError(.networkError))
        for _ in 0..<10 {
            if case let .scheduleReconnect(delay) = actions.last { delays.append(delay) }
            guard case .suspended = machine.state else { break }
            _ = machine.reconnectDue()
            actions = machine.connectionLost(CastError(.networkError))
        }
        #expect(delays.count == 6)
        for (index, delay) in delays.enumerated() {
            let base = Double(min(1 << index, 30))
            let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
            #expect(seconds >= base * 0.8 && seconds <= base * 1.2)
        }
        #expect(machine.state == .ended)
        let gaveUp = CastError(.networkError, "gave up after 6 reconnect attempts")
        #expect(Self.notifications(actions) == [.didEnd(gaveUp)])
    }

    @Test func resumeEndsWithAnErrorWhenTheAppIsGone() {
        var machine = Self.connected()
        _ = machine.connectionLost(CastError(.networkError))
        _ = machine.reconnectDue()
        _ = machine.transportConnected()
        _ = machine.authenticated()
        let actions = machine.receiverStatus(Self.status([("E8C28D3C", "backdrop")]))
        guard case let .didEnd(error) = Self.notifications(actions).last else {
            Issue.record("no didEnd")
            return
        }
        #expect(error?.code == .applicationNotRunning)
        #expect(actions.contains(.saveResumeRecord(nil)))
    }

    @Test func resumeAfterRestartRejoinsByTransportID() {
        var machine = SessionStateMachine(configuration: .init(appID: "CC1AD845"), deviceID: "?")
        let record = SessionResumeRecord(deviceID: "dev-2", sessionID: "S7", transportID: "S7")
        #expect(machine.resume(from: record) == [.notify(.willResume), .connectTransport])
        #expect(machine.deviceID == "dev-2")
        _ = machine.transportConnected()
        _ = machine.authenticated()
        #expect(Self.notifications(machine.receiverStatus(Self.status([("CC1AD845", "S7")]))) == [.didResume])
    }

    @Test func endStopsTheAppOnlyWhenAsked() {
        var machine = Self.connected()
        let actions = machine.end(stopCasting: true)
        #expect(actions.first == .notify(.willEnd))
        #expect(actions.contains(.stopApplication(sessionID: "S1")))
        var other = Self.connected()
        let plain = other.end(stopCasting: false)
        #expect(!plain.contains(.stopApplication(sessionID: "S1")))
        #expect(plain.last == .notify(.didEnd(nil)))
        #expect(other.state == .ended)
    }

    @Test func stoppingHangsUpOnlyOnceTheReceiverAnsweredTheStop() {
        var machine = Self.connected()
        #expect(machine.end(stopCasting: true) == [.notify(.willEnd), .stopApplication(sessionID: "S1")])
        #expect(machine.state == .stopping)
        #expect(machine.state.connectionState == .disconnecting)
        // A status that still lists the app is not the answer yet.
        #expect(machine.receiverStatus(Self.status([("CC1AD845", "S1")])).isEmpty)
        #expect(machine.state == .stopping)
        let done = machine.applicationStopped()
        #expect(done.contains(.closeTransport))
        #expect(done.last == .notify(.didEnd(nil)))
        #expect(machine.state == .ended)
        #expect(machine.applicationStopped().isEmpty)
    }

    @Test func aStatusWithoutTheAppAnswersTheStopWithoutAnError() {
        var machine = Self.connected()
        _ = machine.end(stopCasting: true)
        // A broadcast (requestId 0) without the app: the app is gone, as asked; didEnd carries no error.
        let actions = machine.receiverStatus(Self.status([]))
        #expect(actions.last == .notify(.didEnd(nil)))
        #expect(machine.state == .ended)
    }

    @Test func receiverHangingUpAfterTheStopEndsTheSessionWithoutError() {
        var machine = Self.connected()
        _ = machine.end(stopCasting: true)
        let actions = machine.connectionLost(CastError(.networkError, "closed by the receiver"))
        #expect(actions.last == .notify(.didEnd(nil)))
        #expect(machine.state == .ended)
    }

    @Test func appStoppedElsewhereEndsTheSession() {
        var machine = Self.connected()
        let actions = machine.receiverStatus(Self.status([]))
        guard case let .didEnd(error) = Self.notifications(actions).last else {
            Issue.record("no didEnd")
            return
        }
        #expect(error?.code == .applicationNotRunning)
    }

    @Test func streamTransferFollowsTheSessionToTheNewDevice() {
        var machine = Self.connected()
        let actions = machine.transferred(to: "dev-9")
        #expect(Self.notifications(actions) == [.didUpdateDevice("dev-9"), .willResume])
        #expect(machine.deviceID == "dev-9")
        _ = machine.transportConnected()
        _ = machine.authenticated()
        #expect(Self.notifications(machine.receiverStatus(Self.status([("CC1AD845", "T2")]))) == [.didResume])
        #expect(machine.application?.sessionID == "T2")
    }

    @Test func appSuspendKeepsTheSessionForAManualResume() {
        var machine = Self.connected()
        #expect(Self.notifications(machine.suspend(.appBackgrounded)) == [.didSuspend(.appBackgrounded)])
        #expect(machine.reconnectDue() == [.notify(.willResume), .connectTransport])
    }

    @Test func listenerOrderPutsFrameworkLastOnlyForWillCallbacks() {
        #expect(ListenerOrder.ordered(.willStart, app: ["app"], framework: ["fw"]) == ["app", "fw"])
        #expect(ListenerOrder.ordered(.willResume, app: ["app"], framework: ["fw"]) == ["app", "fw"])
        #expect(ListenerOrder.ordered(.didStart, app: ["app"], framework: ["fw"]) == ["fw", "app"])
        #expect(ListenerOrder.ordered(.didEnd(nil), app: ["app"], framework: ["fw"]) == ["fw", "app"])
    }
}

@Suite struct JoinOnlySessionTests {
    @Test func joinOnlyFailsInsteadOfLaunching() {
        var configuration = SessionStateMachine.Configuration(appID: "CC1AD845")
        configuration.authenticate = false
        configuration.joinOnly = true
        var machine = SessionStateMachine(configuration: configuration, deviceID: "d")
        _ = machine.start()
        _ = machine.transportConnected()
        let actions = machine.receiverStatus(SessionStateMachineTests.status([]))
        #expect(!actions.contains(.launch))
        guard case let .didFailToStart(error) = SessionStateMachineTests.notifications(actions).last else {
            Issue.record("no didFailToStart")
            return
        }
        #expect(error.code == .applicationNotRunning)
    }
}

@Suite struct StatusQueryFailureTests {
    @Test func unansweredStatusFailsAStartAndRetriesAResume() {
        var machine = SessionStateMachine(configuration: .init(appID: "CC1AD845"), deviceID: "d")
        _ = machine.start()
        _ = machine.transportConnected()
        _ = machine.authenticated()
        let failed = machine.statusRequestFailed(CastError(.timeout))
        #expect(SessionStateMachineTests.notifications(failed) == [.didFailToStart(CastError(.timeout))])
        var resuming = SessionStateMachineTests.connected()
        _ = resuming.connectionLost(CastError(.networkError))
        _ = resuming.reconnectDue()
        let retry = resuming.statusRequestFailed(CastError(.timeout))
        #expect(retry.contains(.closeTransport))
        #expect(resuming.state == .suspended(.networkError))
    }
}
