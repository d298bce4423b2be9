import CastChannel
import CastNet
import CastWire
import Testing

@Suite struct HeartbeatHandlerTests {
    @Test func bothSidesStayAliveExchangingPings() throws {
        let stacks = try StackPair()
        stacks.advance(seconds: 60)
        #expect(stacks.client.state == .open)
        #expect(stacks.server.state == .open)
        let pings = stacks.receiver.events.messages.filter { $0.payloadUTF8 == #"{"type":"PING"}"# }
        #expect(pings.count >= 5)
    }

    @Test func silentPeerIsDetectedAsDeadAfterTenSeconds() throws {
        let stacks = try StackPair()
        stacks.receiver.heartbeat.setSuspended(true, for: stacks.server)
        stacks.advance(seconds: 9)
        #expect(stacks.client.state == .open)
        stacks.advance(seconds: 1)
        #expect(stacks.client.state == .closed)
        guard case .pingTimeout? = stacks.sender.events.closeReasons.first else {
            Issue.record("got \(stacks.sender.events.closeReasons)")
            return
        }
        #expect(stacks.sender.events.closeReasons.count == 1)
        #expect(stacks.sender.heartbeat.attachedCount == 0)
    }

    @Test func deadIsReportedOncePerSocket() throws {
        let stacks = try StackPair()
        var deaths = 0
        stacks.sender.heartbeat.onConnectionDead = { _ in deaths += 1 }
        stacks.receiver.heartbeat.setSuspended(true, for: stacks.server)
        stacks.advance(seconds: 40)
        #expect(deaths == 1)
    }

    @Test func trafficKeepsAnAnswerOnlyPeerAlive() throws {
        // The receiver never pings; the sender's PINGs and the receiver's PONGs keep both sides alive.
        let stacks = try StackPair(receiverHeartbeat: .init(sendsPings: false))
        stacks.advance(seconds: 30)
        #expect(stacks.client.state == .open)
        #expect(stacks.server.state == .open)
    }

    @Test func pingFromPychromecastWithRequestIDGetsPongToItsSource() throws {
        let stacks = try StackPair()
        try stacks.client.send(ChannelFixtures.json(#"{"type":"PING","requestId":3}"#, namespace: .heartbeat))
        stacks.pump()
        let pong = stacks.sender.events.messages.last
        #expect(pong?.payloadUTF8 == #"{"type":"PONG","requestId":3}"#)
        #expect(pong?.destinationID == "sender-0")
    }
}
