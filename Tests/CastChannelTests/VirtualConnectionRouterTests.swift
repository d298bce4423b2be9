import CastChannel
import CastJSON
import CastWire
import Testing

@Suite struct VirtualConnectionRouterTests {
    @Test func connectThenGetStatusIsEchoedWithRequestID() throws {
        let stacks = try StackPair()
        try stacks.sender.connections.connect(on: stacks.client)
        try stacks.client.send(ChannelFixtures.json(#"{"type":"GET_STATUS","requestId":42}"#))
        stacks.pump()
        #expect(stacks.echo.seen.count == 1)
        let replies = stacks.sender.events.messages.filter { $0.namespace == CastNamespace.receiver.rawValue }
        #expect(replies.map(\.payloadUTF8) == [#"{"type":"RECEIVER_STATUS","requestId":42}"#])
        #expect(
            stacks.receiver.router.table.contains(
                VirtualConnection(socketID: stacks.server.id, localID: "receiver-0", peerID: "sender-0")))
    }

    @Test func connectCarriesSenderInfoAndStrongConnType() throws {
        let stacks = try StackPair()
        try stacks.sender.connections.connect(on: stacks.client)
        stacks.pump()
        let connection = VirtualConnection(socketID: stacks.server.id, localID: "receiver-0", peerID: "sender-0")
        let connect = try #require(stacks.receiver.router.table.connectMessage(for: connection))
        #expect(connect.connType == 0)
        #expect(connect.senderInfo?["platform"] == .int(6))
        #expect(connect.senderInfo?["sdkType"] == .int(2))
        #expect(connect.origin?.isEmpty == true)
    }

    @Test func messageToUnconnectedEndpointIsDropped() throws {
        let stacks = try StackPair()
        try stacks.client.send(ChannelFixtures.json(#"{"type":"GET_STATUS","requestId":1}"#))
        stacks.pump()
        #expect(stacks.echo.seen.isEmpty)
        #expect(stacks.receiver.events.messages.count == 1)  // it arrived, the router dropped it
    }

    @Test func connectionToOneEndpointDoesNotOpenAnother() throws {
        let stacks = try StackPair()
        try stacks.sender.connections.connect(on: stacks.client)
        try stacks.client.send(
            ChannelFixtures.json(#"{"type":"GET_STATUS","requestId":1}"#, to: "web-1"))
        stacks.pump()
        #expect(stacks.echo.seen.isEmpty)
    }

    @Test func heartbeatIsExemptFromVirtualConnections() throws {
        let stacks = try StackPair()
        try stacks.client.send(ChannelFixtures.json(#"{"type":"PING"}"#, namespace: .heartbeat))
        stacks.pump()
        let pongs = stacks.sender.events.messages.filter { $0.namespace == CastNamespace.heartbeat.rawValue }
        #expect(pongs.map(\.payloadUTF8) == [#"{"type":"PONG"}"#])
        #expect(pongs.first?.sourceID == "receiver-0")
        #expect(pongs.first?.destinationID == "sender-0")
    }

    @Test func receiverInitiatedCloseRemovesSenderConnectionAndIsReported() throws {
        let stacks = try StackPair()
        var closed: [VirtualConnection] = []
        stacks.sender.connections.onClosedByPeer = { closed.append($0) }
        try stacks.sender.connections.connect(on: stacks.client)
        stacks.pump()
        try stacks.receiver.connections.disconnect(on: stacks.server, from: "receiver-0", to: "sender-0")
        stacks.pump()
        let expected = VirtualConnection(socketID: stacks.client.id, localID: "sender-0", peerID: "receiver-0")
        #expect(closed == [expected])
        #expect(!stacks.sender.router.table.contains(expected))
        #expect(
            !stacks.receiver.router.table.contains(
                VirtualConnection(socketID: stacks.server.id, localID: "receiver-0", peerID: "sender-0")))
        // Nothing answers a CLOSE, and the receiver's later status no longer reaches the sender's handlers.
        let closes = stacks.receiver.events.messages.filter { $0.namespace == CastNamespace.connection.rawValue }
        #expect(closes.count == 1)  // only the sender's CONNECT
    }

    @Test func closePayloadHasReasonCodeFive() {
        let close = ConnectionHandler.closeMessage(from: "sender-0", to: "receiver-0")
        #expect(close.payloadUTF8 == #"{"type":"CLOSE","reasonCode":5}"#)
    }

    @Test func connectToRefusedEndpointIsAnsweredWithClose() throws {
        let stacks = try StackPair()
        stacks.receiver.connections.acceptsEndpoint = { $0 == "receiver-0" }
        try stacks.sender.connections.connect(on: stacks.client, to: "missing-app")
        stacks.pump()
        #expect(stacks.receiver.router.table.count == 0)
        let closes = stacks.sender.events.messages.filter { $0.namespace == CastNamespace.connection.rawValue }
        #expect(closes.first?.sourceID == "missing-app")
        #expect(stacks.sender.router.table.count == 0)
    }

    @Test func broadcastPassesOnlyWithAConnectionToItsSource() throws {
        let stacks = try StackPair()
        let received = EchoRecorder()
        stacks.sender.namespaces.register(received, for: .receiver)
        let broadcast = ChannelFixtures.json(
            #"{"type":"RECEIVER_STATUS","requestId":0}"#, from: "receiver-0", to: "*")
        try stacks.server.send(broadcast)
        stacks.pump()
        #expect(received.seen.isEmpty)
        try stacks.sender.connections.connect(on: stacks.client)
        try stacks.server.send(broadcast)
        stacks.pump()
        #expect(received.seen == [broadcast])
    }

    @Test func socketCloseForgetsItsConnections() throws {
        let stacks = try StackPair()
        try stacks.sender.connections.connect(on: stacks.client)
        stacks.pump()
        #expect(stacks.receiver.router.table.count == 1)
        stacks.client.close()
        stacks.pump()
        #expect(stacks.receiver.router.table.count == 0)
        #expect(stacks.sender.router.table.count == 0)
    }

    @Test func unknownNamespaceIsDroppedByNamespaceRouter() throws {
        let stacks = try StackPair()
        try stacks.sender.connections.connect(on: stacks.client)
        try stacks.client.send(ChannelFixtures.json(#"{"x":1}"#, namespace: .custom("urn:x-cast:com.example.none")))
        stacks.pump()
        #expect(stacks.echo.seen.isEmpty)
        #expect(stacks.server.state == .open)
    }
}

/// Records what reaches it.
final class EchoRecorder: CastMessageHandler {
    var seen: [CastMessage] = []
    func handle(_ message: CastMessage, from socket: CastSocket) { seen.append(message) }
}
