import CastChannel
import CastNet
import CastTLS
import CastTestKit
import CastWire
import FuzzSupport

// Feeds arbitrary bytes as the decrypted inbound stream of a receiver-side channel stack: a plaintext CastSocket
// (the TLS layer bypassed) delivering to the virtual-connection router, the namespace router and the connection,
// heartbeat and device-auth handlers. The first byte picks how the bytes are chunked and how far the manual clock
// moves afterwards. Checks: no crash, the close is reported at most once, nothing is delivered after it.

/// Records deliveries and closes, forwarding messages into the routers.
final class Probe: CastSocketDelegate {
    let router: VirtualConnectionRouter
    let heartbeat: HeartbeatHandler
    var delivered = 0
    var closes = 0

    init(router: VirtualConnectionRouter, heartbeat: HeartbeatHandler) {
        self.router = router
        self.heartbeat = heartbeat
    }

    func castSocketDidOpen(_ socket: CastSocket) { heartbeat.attach(socket) }

    func castSocket(_ socket: CastSocket, didReceive message: CastMessage) {
        precondition(closes == 0, "message delivered after close")
        delivered += 1
        heartbeat.messageReceived(on: socket)
        router.handle(message, from: socket)
    }

    func castSocket(_ socket: CastSocket, didCloseWith reason: CastCloseReason) {
        closes += 1
        precondition(closes == 1, "close reported twice")
        heartbeat.detach(socket)
        router.socketClosed(socket.id)
    }
}

/// Decodes device-auth payloads both ways, as the sender and the receiver would.
final class DeviceAuthProbe: CastMessageHandler {
    var decoded = 0
    func handle(_ message: CastMessage, from socket: CastSocket) {
        if (try? DeviceAuthCoding.reply(from: message)) != nil { decoded += 1 }
        if DeviceAuthCoding.challenge(from: message) != nil { decoded += 1 }
    }
}

@inline(never)
func fuzzChannelInbound(_ bytes: [UInt8]) -> Int {
    let clock = ManualClock()
    let pair = InMemoryTransportPair()
    guard let peer = try? CastSocket(transport: pair.client, security: .plaintext),
        let socket = try? CastSocket(transport: pair.server, security: .plaintext)
    else { return 0 }
    let namespaces = NamespaceRouter()
    let router = VirtualConnectionRouter(namespaces: namespaces)
    let connections = ConnectionHandler(router: router)
    connections.acceptsEndpoint = { $0 == CastEndpointID.platformReceiver }
    let heartbeat = HeartbeatHandler(clock: clock, localID: "receiver-0", peerID: "sender-0")
    let deviceAuth = DeviceAuthProbe()
    namespaces.register(connections, for: .connection)
    namespaces.register(heartbeat, for: .heartbeat)
    namespaces.register(deviceAuth, for: .deviceAuth)
    let probe = Probe(router: router, heartbeat: heartbeat)
    socket.delegate = probe
    socket.start()
    peer.start()
    let control = bytes.first ?? 0
    let chunk = max(1, Int(control & 0x3f) * 7)
    var offset = bytes.isEmpty ? 0 : 1
    while offset < bytes.count {
        let end = min(bytes.count, offset + chunk)
        try? peer.sendUnframed(Array(bytes[offset..<end]))
        pair.pump()
        offset = end
    }
    clock.advance(by: .seconds(Int64(control >> 6) * 6))
    pair.pump()
    return probe.delivered + deviceAuth.decoded + router.table.count
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    withExtendedLifetime(fuzzChannelInbound(fuzzInput(data, size))) {}
    return 0
}

fuzzMain(fuzzOneInput)
