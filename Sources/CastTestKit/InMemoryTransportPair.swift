import CastChannel
import CastNet
import Glibc

/// Two connected in-memory transports, for running a sender and a receiver stack (real TLS included) in one
/// test without sockets; swift-nio-ssl's `interactInMemory` is the model.
///
/// Nothing moves until `pump()`: it hands each side's queued bytes to the other and reports closes, round after
/// round, until both are quiet. Not thread-safe: drive it from one thread.
public final class InMemoryTransportPair {
    /// The connecting side (the sender).
    public let client: InMemoryTransport
    /// The accepting side (the receiver).
    public let server: InMemoryTransport

    /// A connected pair; the labels appear as `net.peer` in logs.
    public init(clientLabel: String = "memory-client", serverLabel: String = "memory-server") {
        // Each end's peerDescription names the other end.
        client = InMemoryTransport(peerDescription: serverLabel)
        server = InMemoryTransport(peerDescription: clientLabel)
        client.peer = server
        server.peer = client
    }

    /// Moves bytes and closes between the two ends until nothing changes; returns how many deliveries happened.
    ///
    /// `maximumRounds` bounds ping-pong between two stacks that keep answering each other.
    @discardableResult
    public func pump(maximumRounds: Int = 10_000) -> Int {
        var deliveries = 0
        for _ in 0..<maximumRounds {
            let moved = step(from: client, to: server) + step(from: server, to: client)
            deliveries += moved
            if moved == 0 { break }
        }
        return deliveries
    }

    /// One delivery from `source` to `destination`: queued bytes first, then the end of the stream.
    private func step(from source: InMemoryTransport, to destination: InMemoryTransport) -> Int {
        var moved = 0
        if destination.started, !destination.inbox.isEmpty, !destination.closeReported {
            let bytes = destination.inbox
            destination.inbox.removeAll()
            destination.delegate?.transportDidReceive(bytes)
            moved += 1
        }
        if !source.outbox.isEmpty {
            let bytes = source.outbox
            source.outbox.removeAll()
            if destination.closeReported || destination.ending == .reset {
                // Sent into a closed end: dropped, as a kernel would.
            } else if destination.started {
                destination.delegate?.transportDidReceive(bytes)
            } else {
                destination.inbox += bytes
            }
            moved += 1
        }
        guard let ending = source.ending, source.outbox.isEmpty, !source.closeReported else { return moved }
        switch ending {
        case .close:
            source.reportClose(nil)
            if destination.started && destination.inbox.isEmpty { destination.reportClose(nil) }
        case .reset:
            source.reportClose(nil)
            destination.inbox.removeAll()
            if destination.started { destination.reportClose(IOError(errno: ECONNRESET, call: "recv")) }
        }
        return moved + 1
    }
}
