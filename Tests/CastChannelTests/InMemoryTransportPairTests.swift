import CastChannel
import CastNet
import CastTestKit
import Glibc
import Testing

/// Records what a transport delivers.
final class TransportRecorder: CastTransportDelegate {
    var bytes: [UInt8] = []
    var closes: [IOError?] = []
    func transportDidReceive(_ bytes: [UInt8]) { self.bytes += bytes }
    func transportDidClose(_ error: IOError?) { closes.append(error) }
}

@Suite struct InMemoryTransportPairTests {
    @Test func bytesMoveOnlyWhenPumpedAndInOrder() {
        let pair = InMemoryTransportPair()
        let server = TransportRecorder()
        pair.server.start(server)
        pair.client.send([1, 2])
        pair.client.send([3])
        #expect(server.bytes.isEmpty)
        pair.pump()
        #expect(server.bytes == [1, 2, 3])
    }

    @Test func bytesSentBeforeStartAreDeliveredAfterIt() {
        let pair = InMemoryTransportPair()
        pair.client.send([9])
        pair.pump()
        let server = TransportRecorder()
        pair.server.start(server)
        pair.pump()
        #expect(server.bytes == [9])
    }

    @Test func closeDeliversQueuedBytesThenEndsBothSidesCleanly() {
        let pair = InMemoryTransportPair()
        let client = TransportRecorder()
        let server = TransportRecorder()
        pair.client.start(client)
        pair.server.start(server)
        pair.client.send([7])
        pair.client.close()
        pair.client.send([8])  // after close: dropped
        pair.pump()
        #expect(server.bytes == [7])
        #expect(server.closes.count == 1)
        #expect(server.closes.first.map { $0 == nil } == true)
        #expect(client.closes.count == 1)
    }

    @Test func resetDropsQueuedBytesAndPeerSeesConnectionReset() {
        let pair = InMemoryTransportPair()
        let client = TransportRecorder()
        let server = TransportRecorder()
        pair.client.start(client)
        pair.server.start(server)
        pair.client.send([7])
        pair.client.reset()
        pair.pump()
        #expect(server.bytes.isEmpty)
        #expect(server.closes.first??.errno == ECONNRESET)
    }
}
