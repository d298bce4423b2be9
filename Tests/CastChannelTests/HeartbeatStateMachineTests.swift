import CastChannel
import CastNet
import Testing

@Suite struct HeartbeatStateMachineTests {
    private func at(_ seconds: Int) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: UInt64(seconds) * 1_000_000_000)
    }

    @Test func sendsPingAfterFiveQuietSeconds() {
        var machine = HeartbeatStateMachine(now: at(0))
        #expect(machine.timeAdvanced(to: at(4)) == [])
        #expect(machine.timeAdvanced(to: at(5)) == [.sendPing])
        #expect(machine.timeAdvanced(to: at(6)) == [])
    }

    @Test func declaresDeadOnceAfterTenSilentSeconds() {
        var machine = HeartbeatStateMachine(now: at(0))
        _ = machine.timeAdvanced(to: at(5))
        #expect(machine.timeAdvanced(to: at(9)) == [])
        #expect(machine.timeAdvanced(to: at(10)) == [.connectionDead])
        #expect(machine.timeAdvanced(to: at(20)) == [])
        #expect(machine.isDead)
        #expect(machine.nextDeadline == nil)
    }

    @Test func anyInboundMessageResetsLivenessAndPingTimer() {
        var machine = HeartbeatStateMachine(now: at(0))
        machine.messageReceived(at: at(4))
        #expect(machine.timeAdvanced(to: at(5)) == [])
        #expect(machine.nextPingDue == at(9))
        #expect(machine.timeAdvanced(to: at(9)) == [.sendPing])
        machine.messageReceived(at: at(13))
        #expect(machine.timeAdvanced(to: at(14)) == [])
        #expect(machine.nextDeadline == at(18))
        #expect(machine.timeAdvanced(to: at(23)) == [.connectionDead])
    }

    @Test func answersPingWithPongEchoingRequestID() {
        var machine = HeartbeatStateMachine(now: at(0))
        #expect(machine.pingReceived(requestID: 7, at: at(3)) == [.sendPong(requestID: 7)])
        #expect(machine.lastReceived == at(3))
    }

    @Test func intervalsAreConfigurable() {
        let configuration = HeartbeatStateMachine.Configuration(
            pingInterval: .seconds(10), livenessTimeout: .seconds(20))
        var machine = HeartbeatStateMachine(configuration: configuration, now: at(0))
        #expect(machine.timeAdvanced(to: at(5)) == [])
        #expect(machine.timeAdvanced(to: at(10)) == [.sendPing])
        #expect(machine.timeAdvanced(to: at(19)) == [])
        #expect(machine.timeAdvanced(to: at(20)) == [.connectionDead])
    }

    @Test func answerOnlyModeNeverPings() {
        var machine = HeartbeatStateMachine(configuration: .init(sendsPings: false), now: at(0))
        #expect(machine.timeAdvanced(to: at(5)) == [])
        #expect(machine.nextDeadline == at(10))
    }
}
