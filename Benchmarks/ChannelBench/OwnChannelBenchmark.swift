import CastJSON
import CastNet
import CastReceiver
import CastTLS
import CastWire
import Foundation

/// Our channel layer (`CastSocket` through `ReceiverProbe`) against the emulator child.
struct OwnChannelBenchmark {
    let address: SocketAddress
    let loop: EventLoop
    let tls: TLSContext

    static func milliseconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }

    /// TCP + TLS + CONNECT + GET_STATUS → RECEIVER_STATUS, median of `rounds` fresh connections.
    func connectRoundTrip(rounds: Int) async throws -> Double {
        var samples: [Double] = []
        for _ in 0..<rounds {
            let start = ContinuousClock.now
            guard let probe = await ReceiverProbe.connect(to: address, on: loop, tls: tls) else {
                throw BenchError("connect failed")
            }
            probe.send(CastNamespace.connection.rawValue, text: #"{"type":"CONNECT","connType":0}"#)
            guard await probe.request(.receiver, ["type": "GET_STATUS"]) != nil else { throw BenchError("no status") }
            samples.append(Self.milliseconds(since: start))
            probe.close()
        }
        return median(samples)
    }

    /// A probe with the Default Media Receiver launched and joined; returns it and the transport id.
    func mediaProbe() async throws -> (ReceiverProbe, String) {
        guard let probe = await ReceiverProbe.connect(to: address, on: loop, tls: tls) else {
            throw BenchError("connect failed")
        }
        probe.send(CastNamespace.connection.rawValue, text: #"{"type":"CONNECT","connType":0}"#)
        let reply = await probe.request(.receiver, ["type": "LAUNCH", "appId": "CC1AD845"])
        guard let transport = reply?["status"]?["applications"]?.arrayValue?.first?["transportId"]?.stringValue else {
            throw BenchError("launch failed")
        }
        probe.send(CastNamespace.connection.rawValue, text: #"{"type":"CONNECT","connType":0}"#, to: transport)
        return (probe, transport)
    }

    /// LOAD → its MEDIA_STATUS, median of `rounds` on a running Default Media Receiver.
    func loadRoundTrip(rounds: Int) async throws -> Double {
        let (probe, transport) = try await mediaProbe()
        defer { probe.close() }
        var samples: [Double] = []
        for index in 0..<rounds {
            let media: JSONObject = [
                "contentId": .string("http://127.0.0.1:9/bench-\(index).mp4"), "contentType": "video/mp4",
                "streamType": "BUFFERED",
            ]
            let start = ContinuousClock.now
            guard await probe.request(.media, ["type": "LOAD", "media": .object(media)], to: transport) != nil else {
                throw BenchError("no LOAD reply")
            }
            samples.append(Self.milliseconds(since: start))
        }
        return median(samples)
    }

    /// media GET_STATUS → MEDIA_STATUS round trips per second with `inFlight` requests outstanding.
    func statusRate(seconds: Double, inFlight: Int) async throws -> Double {
        let (probe, transport) = try await mediaProbe()
        defer { probe.close() }
        let start = ContinuousClock.now
        let deadline = start + .milliseconds(Int64(seconds * 1000))
        let total = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<inFlight {
                group.addTask {
                    var count = 0
                    while ContinuousClock.now < deadline {
                        guard await probe.request(.media, ["type": "GET_STATUS"], to: transport) != nil else { break }
                        count += 1
                    }
                    return count
                }
            }
            return await group.reduce(0, +)
        }
        return Double(total) / (Self.milliseconds(since: start) / 1000)
    }

    /// PING → PONG messages per second through one channel, `count` PINGs sent back to back.
    func pingRate(count: Int) async throws -> Double {
        guard let probe = await ReceiverProbe.connect(to: address, on: loop, tls: tls) else {
            throw BenchError("connect failed")
        }
        defer { probe.close() }
        let pongs = PongCounter()
        probe.onMessage = { message in
            if message.payloadUTF8 == #"{"type":"PONG"}"# { pongs.increment() }
        }
        let ping = CastMessage(sourceID: "sender-0", destinationID: "receiver-0",
                               namespace: CastNamespace.heartbeat.rawValue, json: #"{"type":"PING"}"#)
        let start = ContinuousClock.now
        for _ in 0..<count { probe.send(ping) }
        let deadline = start + .seconds(60)
        while pongs.value < count, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(1)) }
        guard pongs.value == count else { throw BenchError("only \(pongs.value) of \(count) PONGs") }
        return Double(count) / (Self.milliseconds(since: start) / 1000)
    }

    /// Emulator RSS growth per sender with `senders` connected (CONNECT + GET_STATUS each), in KiB.
    func memoryPerSender(_ emulator: EmulatorChild, senders: Int) async throws -> Double {
        try? await Task.sleep(for: .milliseconds(300))
        let before = emulator.residentKiB
        var probes: [ReceiverProbe] = []
        for _ in 0..<senders {
            guard let probe = await ReceiverProbe.connect(to: address, on: loop, tls: tls) else {
                throw BenchError("connect failed")
            }
            probe.send(CastNamespace.connection.rawValue, text: #"{"type":"CONNECT","connType":0}"#)
            _ = await probe.request(.receiver, ["type": "GET_STATUS"])
            probes.append(probe)
        }
        try? await Task.sleep(for: .milliseconds(300))
        let after = emulator.residentKiB
        for probe in probes { probe.close() }
        return Double(after - before) / Double(senders)
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2]
            : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}

/// Counts PONGs from the probe's loop thread.
final class PongCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
