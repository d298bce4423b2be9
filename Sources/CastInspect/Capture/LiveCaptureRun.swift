import CastLog
import Dispatch
import Foundation

/// The loop behind `castscope capture`: packets from a `LiveCapture` into an `Inspector` and, with `-w`, a
/// `PcapngWriter`, with the key log followed as it grows.
///
/// With a key log, each packet is held `delay` seconds before it is written and inspected: a TLS client logs its
/// secrets only after the ServerHello arrives, so holding the packets lets every new key-log line go into a
/// Decryption Secrets Block ahead of the packets that need it, and into the inspector before it meets the
/// ClientHello. Without a key log packets pass at once. Memory: the packets of `delay` seconds (at most 65,536
/// packets and 64 MiB, `HeldPacketQueue`; beyond that the oldest pass early).
public final class LiveCaptureRun {
    /// Why the run ended early.
    public enum Failure: Error, CustomStringConvertible {
        /// libpcap failed.
        case capture(LiveCapture.Failure)
        /// The pcapng file could not be written.
        case write(PcapngWriter.WriteError)

        /// The underlying error's sentence.
        public var description: String {
            switch self {
            case .capture(let failure): failure.description
            case .write(let error): "cannot write \(error.description)"
            }
        }
    }

    private let capture: LiveCapture
    private let inspector: Inspector
    private let writer: PcapngWriter?
    private let keyLog: KeyLogTail?
    /// Seconds a packet is held (0 without a key log).
    public let delay: Double
    private var held = HeldPacketQueue()
    /// Only key-log lines of sessions whose ClientHello was captured are used and embedded.
    private var keySelector = KeyLogSelector()
    /// When the key log was last polled (monotonic seconds).
    private var lastKeyPoll = -Double.infinity
    /// The key log is polled at most this often: a poll stats, opens and reads the file, and each new line copies
    /// the inspector's key log; packets are held a whole `delay`, so a line is still taken ahead of its packets.
    static let keyPollInterval = 0.05

    /// A run reading `capture` into `inspector` (and `writer`), following `keyLog` if given.
    public init(capture: LiveCapture, inspector: Inspector, writer: PcapngWriter?, keyLog: KeyLogTail?,
                delay: Double = 1) {
        self.capture = capture
        self.inspector = inspector
        self.writer = writer
        self.keyLog = keyLog
        self.delay = keyLog == nil ? 0 : delay
    }

    /// Captures until `shouldStop` returns true (checked at least every capture timeout), then passes on every
    /// held packet and flushes the file.
    public func run(shouldStop: () -> Bool) throws(Failure) {
        defer { try? writer?.flush() }
        while !shouldStop() {
            let packet: CapturedPacket?
            do throws(LiveCapture.Failure) {
                packet = try capture.next()
            } catch {
                try release(all: true)
                throw .capture(error)
            }
            if let packet {
                if keyLog != nil { keySelector.note(packet) }
                held.append(packet, arrival: Self.now())
                try release(all: false)
            } else {
                try release(all: false)
                do throws(PcapngWriter.WriteError) { try writer?.flush() } catch { throw .write(error) }
            }
        }
        try release(all: true)
        do throws(PcapngWriter.WriteError) { try writer?.flush() } catch { throw .write(error) }
    }

    /// Writes and inspects held packets that are due (all of them when `all`).
    private func release(all: Bool) throws(Failure) {
        let now = Self.now()
        guard held.hasDue(now: now, delay: delay, all: all) else { return }
        try takeNewKeys(now: now, force: all)
        while let packet = held.popDue(now: now, delay: delay, all: all) {
            do throws(PcapngWriter.WriteError) { try writer?.write(packet) } catch { throw .write(error) }
            inspector.process(packet)
        }
    }

    /// New key-log lines of captured sessions: a Decryption Secrets Block in the file, and the inspector's key log.
    /// At most every `keyPollInterval` unless `force` (the last packets are leaving).
    private func takeNewKeys(now: Double, force: Bool) throws(Failure) {
        guard let keyLog, force || now - lastKeyPoll >= Self.keyPollInterval else { return }
        lastKeyPoll = now
        let lines = keySelector.take(keyLog.poll())
        guard !lines.isEmpty else { return }
        do throws(PcapngWriter.WriteError) { try writer?.writeSecrets(lines) } catch { throw .write(error) }
        inspector.addKeyLog(text: String(decoding: lines, as: UTF8.self))
    }

    private static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
}
