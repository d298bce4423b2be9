import CastWire
import Foundation

/// Reads a capture's packets on a thread of its own, a few batches ahead of the inspector, and slices them into
/// their link, network and transport headers there, so the file reads (a fifth of a decrypting run, nearly all of it
/// the kernel copying pages) and the header parsing overlap the decoding on another core.
///
/// Packets, the read position and a fault arrive in file order, exactly as `PcapSource.next()` returns them: the
/// packets before a fault are all delivered, then the fault. Memory is bounded: at most `maximumBatches` batches of
/// about `batchBytes` each wait, besides the one being handed out and the one being read. Dropping the prefetcher
/// early stops its thread after the batch being read.
final class PacketPrefetcher {
    /// One hand-over: packets in file order (optional, so the consumer moves each out with `take()` instead of
    /// copying it and retaining its header views), and where the file stands after the last of them.
    private struct Batch: Sendable {
        var packets: [Prefetched?] = []
        /// The next packet the consumer takes.
        var taken = 0
        var nextRecordOffset = 0
        var error: CaptureError?
        var isLast = false
    }

    /// The source, handed to the reader thread, which alone touches it from then on.
    private final class SourceBox: @unchecked Sendable {
        let source: PcapSource
        init(_ source: PcapSource) { self.source = source }
    }

    /// A packet, its headers, and where the file stands after it (for progress reports).
    struct Prefetched: Sendable {
        var packet: CapturedPacket
        var sliced: LaxPacket
        var nextRecordOffset: Int
    }

    /// Bytes kept alive per batch: packets' own arrays, and the chunks packets are regions of
    /// (`SharedBufferBudget`).
    static let batchBytes = 1 << 20
    static let maximumBatches = 4

    private let handOff = BatchHandOff<Batch>(capacity: PacketPrefetcher.maximumBatches)
    private var current = Batch()
    private var finished = false
    /// Where the file stands after the packets handed out so far (for progress reports).
    private(set) var nextRecordOffset = 0

    /// Starts reading `source` ahead; use nothing of `source` afterwards.
    init(_ source: PcapSource) {
        nextRecordOffset = source.nextRecordOffset
        let box = SourceBox(source)
        let handOff = self.handOff
        let thread = Thread {
            Self.read(box.source, into: handOff)
        }
        thread.name = "castscope-reader"
        thread.start()
    }

    deinit {
        handOff.cancel()  // the reader ends before its next batch, or at the hand-over it waits in
    }

    /// The next packet in file order, nil at the end; throws the file's fault after the packets before it.
    func next() throws(CaptureError) -> Prefetched? {
        while current.taken == current.packets.count {
            if let error = current.error {
                current.error = nil
                finished = true
                throw error
            }
            if current.isLast || finished {
                if !finished { nextRecordOffset = current.nextRecordOffset }  // records a filter skipped at the end
                finished = true
                return nil
            }
            let batch = handOff.take()
            if batch.packets.isEmpty { nextRecordOffset = batch.nextRecordOffset }
            // Moved, not copied: a second reference would make the first `take()` copy the whole batch.
            current = consume batch
        }
        let index = current.taken
        current.taken += 1
        // Each slot is taken once, in order: a slot already empty is a bug here, not the file's end.
        guard let packet = current.packets[index].take() else {
            preconditionFailure("prefetched packet \(index) taken twice")
        }
        nextRecordOffset = packet.nextRecordOffset
        return packet
    }

    /// The reader thread: batches of packets until the end, a fault or cancellation.
    private static func read(_ source: PcapSource, into handOff: BatchHandOff<Batch>) {
        while !handOff.isCancelled {
            var batch = Batch()
            var bytes = 0
            var chunks = SharedBufferBudget()  // each chunk packets are regions of, once
            do throws(CaptureError) {
                while bytes < batchBytes, let packet = try source.next() {
                    bytes += packet.sharesStorage ? chunks.cost(of: packet.storage) : packet.capturedLength
                    bytes += 64
                    batch.packets.append(
                        Prefetched(packet: packet, sliced: packet.sliced, nextRecordOffset: source.nextRecordOffset))
                }
                batch.isLast = bytes < batchBytes
            } catch {
                batch.error = error
                batch.isLast = true
            }
            batch.nextRecordOffset = source.nextRecordOffset
            let isLast = batch.isLast
            guard handOff.put(batch), !isLast else { return }
        }
    }
}
