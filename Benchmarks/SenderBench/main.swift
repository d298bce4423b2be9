// SenderBench: the castscope sender stack against an in-process emulator on loopback TLS (the emulator on its own
// event loop thread): start to "media PLAYING" (connect, TLS, CONNECT, LAUNCH, CONNECT to the app, LOAD), command
// round trip (PAUSE/PLAY → MEDIA_STATUS), pipelined commands per second on one session, and the resident-memory
// growth of one idle session. Run with `swift run -c release SenderBench [--rounds N] [--round-trips N]`.
import CastDiscovery
import CastNet
import CastReceiver
import CastSender
import CastWire
import Foundation

func option(_ name: String, default value: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: "--\(name)"), index + 1 < arguments.count,
          let parsed = Int(arguments[index + 1])
    else { return value }
    return parsed
}

func microseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
}

func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))]
}

func residentKiB() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return 0 }
    return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
}

func load() -> MediaLoadRequestData {
    var builder = MediaInformationBuilder(contentURL: "http://127.0.0.1/bench.mp4")
    builder.contentType = "video/mp4"
    return MediaLoadRequestData(mediaInformation: builder.build())
}

let rounds = option("rounds", default: 20)
let roundTrips = option("round-trips", default: 500)
let serverLoop = try EventLoop(name: "bench-emulator")
let clientLoop = try EventLoop(name: "bench-sender")
guard let loopback = SocketAddress(parsing: "127.0.0.1:0"), let ip = IPAddress("127.0.0.1") else { exit(1) }
let emulator = try ReceiverEmulator(
    options: ReceiverEmulatorOptions(configuration: ReceiverConfiguration(bufferingTime: .zero), address: loopback),
    eventLoop: serverLoop)
let address = try emulator.start()
var options = CastOptions(discoveryCriteria: DiscoveryCriteria(applicationIDs: ["CC1AD845"]))
options.deviceAuthentication = false
let context = try CastContext(options: options, eventLoop: clientLoop)
let device = Device(instanceName: "bench", instanceLabel: "bench", host: "127.0.0.1", port: address.port,
                    addresses: [ip], txt: [Array("id=bench".utf8)], interfaceIndex: 0, via: .builtin)
let clock = ContinuousClock()

func playerState() async -> String? {
    await context.withSessionManager { $0.currentCastSession?.remoteMediaClient.mediaStatus?.playerState }
}

// 1. Start to PLAYING, each round launching the app afresh.
var startTimes: [Double] = []
for _ in 0..<rounds {
    let began = clock.now
    guard case .success = await context.startSession(with: device) else { exit(2) }
    guard await context.perform({ $0.currentCastSession?.remoteMediaClient.loadMedia(load()) }) == .completed else {
        exit(3)
    }
    while await playerState() != "PLAYING" { await Task.yield() }
    startTimes.append(microseconds(clock.now - began))
    await context.endSession(stopCasting: true)
}

// 2. Round trips on one session.
_ = await context.startSession(with: device)
_ = await context.perform { $0.currentCastSession?.remoteMediaClient.loadMedia(load()) }
while await playerState() != "PLAYING" { await Task.yield() }
let rssBefore = residentKiB()
var trips: [Double] = []
for index in 0..<roundTrips {
    let began = clock.now
    let outcome = await context.perform { manager in
        let client = manager.currentCastSession?.remoteMediaClient
        return index % 2 == 0 ? client?.pause() : client?.play()
    }
    guard outcome == .completed else { exit(4) }
    trips.append(microseconds(clock.now - began))
}

// 3. Pipelined GET_STATUS: many in flight at once on one session.
let batch = 1000
let pipelineBegan = clock.now
let completed = await context.withSessionManager { manager -> [Request] in
    (0..<batch).compactMap { _ in manager.currentCastSession?.remoteMediaClient.requestStatus() }
}
for request in completed {
    _ = await context.perform { _ in request }
}
let pipelineSeconds = microseconds(clock.now - pipelineBegan) / 1e6
await context.endSession(stopCasting: true)

let startP50 = String(format: "%.2f", percentile(startTimes, 0.5) / 1000)
let startP90 = String(format: "%.2f", percentile(startTimes, 0.9) / 1000)
print("start to PLAYING (no device auth, \(rounds) rounds): p50 \(startP50) ms, p90 \(startP90) ms")
print("PAUSE/PLAY round trip (\(roundTrips)): p50 \(String(format: "%.0f", percentile(trips, 0.5))) µs, "
    + "p99 \(String(format: "%.0f", percentile(trips, 0.99))) µs")
print("sequential commands/s: \(String(format: "%.0f", 1e6 / (trips.reduce(0, +) / Double(max(trips.count, 1)))))")
print("pipelined GET_STATUS/s (\(batch) in flight): \(String(format: "%.0f", Double(batch) / pipelineSeconds))")
print("resident memory at idle session: \(rssBefore) KiB (process, sender and emulator together)")
emulator.stop()
try? await Task.sleep(for: .milliseconds(50))
clientLoop.shutdown()
serverLoop.shutdown()
