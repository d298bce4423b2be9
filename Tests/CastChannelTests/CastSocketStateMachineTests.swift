import CastChannel
import Testing

@Suite struct CastSocketStateMachineTests {
    @Test func walksIdleHandshakingOpenClosingClosed() {
        var machine = CastSocketStateMachine()
        #expect(machine.state == .idle)
        guard case .startHandshake = machine.start() else {
            Issue.record("start")
            return
        }
        #expect(machine.state == .handshaking)
        guard case .reportOpen = machine.handshakeCompleted() else {
            Issue.record("open")
            return
        }
        #expect(machine.state == .open)
        guard case .close(.closedLocally, notifyPeer: true) = machine.closeRequested(.closedLocally) else {
            Issue.record("close")
            return
        }
        #expect(machine.state == .closing)
        machine.closeFinished()
        #expect(machine.state == .closed)
    }

    @Test func closeIsDecidedOnlyOnce() {
        var machine = CastSocketStateMachine()
        _ = machine.start()
        _ = machine.handshakeCompleted()
        _ = machine.closeRequested(.pingTimeout)
        guard case .none = machine.closeRequested(.closedLocally) else {
            Issue.record("second close")
            return
        }
        guard case .none = machine.transportClosed(.closedByPeer) else {
            Issue.record("transport after close")
            return
        }
        #expect(machine.state == .closed)
    }

    @Test func closeDuringHandshakeDoesNotNotifyPeer() {
        var machine = CastSocketStateMachine()
        _ = machine.start()
        guard case .close(_, notifyPeer: false) = machine.closeRequested(.closedLocally) else {
            Issue.record("close during handshake")
            return
        }
    }

    @Test func transportEndWhileOpenIsReported() {
        var machine = CastSocketStateMachine()
        _ = machine.start()
        _ = machine.handshakeCompleted()
        guard case .reportClosed(.closedByPeer) = machine.transportClosed(.closedByPeer) else {
            Issue.record("transport end")
            return
        }
        #expect(machine.state == .closed)
        guard case .none = machine.handshakeCompleted() else {
            Issue.record("reopen")
            return
        }
    }

    @Test func startTwiceDoesNothingTheSecondTime() {
        var machine = CastSocketStateMachine()
        _ = machine.start()
        guard case .none = machine.start() else {
            Issue.record("second start")
            return
        }
    }
}
