public import CastChannel
import CastNet
import Glibc

/// One end of an `InMemoryTransportPair`: bytes sent here reach the other end when the pair is pumped.
public final class InMemoryTransport: CastTransport {
    /// How the end was closed.
    enum Ending { case close, reset }

    /// The label logs use for this end.
    public let peerDescription: String
    weak var peer: InMemoryTransport?
    weak var delegate: (any CastTransportDelegate)?
    var outbox: [UInt8] = []
    var ending: Ending?
    var closeReported = false
    var started = false
    /// Bytes that arrived before `start`, delivered when it is called (a TCP socket buffers them the same way).
    var inbox: [UInt8] = []

    init(peerDescription: String) {
        self.peerDescription = peerDescription
    }

    /// Installs the delegate; delivery happens in `InMemoryTransportPair.pump()`.
    public func start(_ delegate: any CastTransportDelegate) {
        self.delegate = delegate
        started = true
    }

    /// Queues bytes for the peer.
    public func send(_ bytes: [UInt8]) {
        guard ending == nil else { return }
        outbox += bytes
    }

    /// Closes after queued bytes reach the peer.
    public func close() {
        guard ending == nil else { return }
        ending = .close
    }

    /// Drops queued bytes; the peer sees ECONNRESET.
    public func reset() {
        guard ending == nil || ending == .close else { return }
        outbox.removeAll()
        ending = .reset
    }

    /// Tells the delegate about the end, once.
    func reportClose(_ error: IOError?) {
        guard !closeReported else { return }
        closeReported = true
        delegate?.transportDidClose(error)
    }

    /// True once this end has reported its close.
    public var isClosed: Bool { closeReported }
}
