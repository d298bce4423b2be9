// SenderBench: the castscope sender stack and pychromecast against the same receiver emulator in one run (the
// emulator is in-process on its own event-loop thread, on loopback TLS): start to "media PLAYING" (connect, TLS,
// CONNECT, LAUNCH, CONNECT to the app, LOAD), command round trip (PAUSE/PLAY → MEDIA_STATUS), sequential and
// pipelined commands per second on one session, and the resident memory of a process holding one idle session.
// Run with scripts/bench-sender (make bench-sender) [--rounds N] [--round-trips N].
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

func benchLoad() -> MediaLoadRequestData {
    var builder = MediaInformationBuilder(contentURL: "http://127.0.0.1:9/bench.mp4")
    builder.contentType = "video/mp4"
    return MediaLoadRequestData(mediaInformation: builder.build())
}

func format(_ value: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", value) }

if let index = CommandLine.arguments.firstIndex(of: "--idle-session"), index + 1 < CommandLine.arguments.count,
    let port = UInt16(CommandLine.arguments[index + 1])
{
    await runIdleSession(port: port)
}

let rounds = option("rounds", default: 20)
let roundTrips = option("round-trips", default: 500)
let deviceID = "5e4d0000000000000000000000000001"
let serverLoop = try EventLoop(name: "bench-emulator")
let clientLoop = try EventLoop(name: "bench-sender")
guard let loopback = SocketAddress(parsing: "127.0.0.1:0"), let ip = IPAddress("127.0.0.1") else { exit(1) }
let emulator = try ReceiverEmulator(
    options: ReceiverEmulatorOptions(
        configuration: ReceiverConfiguration(name: "bench", deviceID: deviceID, bufferingTime: .zero),
        address: loopback),
    eventLoop: serverLoop)
let address = try emulator.start()
var options = CastOptions(discoveryCriteria: DiscoveryCriteria(applicationIDs: ["CC1AD845"]))
options.deviceAuthentication = false
let context = try CastContext(options: options, eventLoop: clientLoop)
let device = Device(
    instanceName: "bench", instanceLabel: "bench", host: "127.0.0.1", port: address.port,
    addresses: [ip], txt: [Array("id=bench".utf8)], interfaceIndex: 0, via: .builtin)
let clock = ContinuousClock()

func playerState() async -> String? {
    await context.withSessionManager { $0.currentCastSession?.remoteMediaClient.mediaStatus?.playerState }
}

// 1. Start to PLAYING, each round launching the app afresh (the round ends stopping it, like pychromecast's).
var startTimes: [Double] = []
for _ in 0..<rounds {
    let began = clock.now
    guard case .success = await context.startSession(with: device) else { exit(2) }
    guard await context.perform({ $0.currentCastSession?.remoteMediaClient.loadMedia(benchLoad()) }) == .completed
    else { exit(3) }
    while await playerState() != "PLAYING" { await Task.yield() }
    startTimes.append(microseconds(clock.now - began))
    await context.endSession(stopCasting: true)
}

// 2. Round trips on one session.
_ = await context.startSession(with: device)
_ = await context.perform { $0.currentCastSession?.remoteMediaClient.loadMedia(benchLoad()) }
while await playerState() != "PLAYING" { await Task.yield() }
var trips: [Double] = []
let tripsBegan = clock.now
for index in 0..<roundTrips {
    let began = clock.now
    let outcome = await context.perform { manager in
        let client = manager.currentCastSession?.remoteMediaClient
        return index % 2 == 0 ? client?.pause() : client?.play()
    }
    guard outcome == .completed else { exit(4) }
    trips.append(microseconds(clock.now - began))
}
let commandsPerSecond = Double(roundTrips) / (microseconds(clock.now - tripsBegan) / 1e6)

// 3. Pipelined GET_STATUS: many in flight at once on one session.
let batch = 1000
let pipelineBegan = clock.now
let pipelined = await context.withSessionManager { manager -> [Request] in
    (0..<batch).compactMap { _ in manager.currentCastSession?.remoteMediaClient.requestStatus() }
}
for request in pipelined {
    _ = await context.perform { _ in request }
}
let pipelineSeconds = microseconds(clock.now - pipelineBegan) / 1e6
await context.endSession(stopCasting: true)

// 4. Resident memory of a sender process with one idle session (a child of this binary; the emulator stays here).
let idleKiB = idleSessionResidentKiB(port: address.port)

// 5. pychromecast against the same emulator.
let peer = PychromecastRun(port: address.port, deviceID: deviceID, rounds: rounds, roundTrips: roundTrips)

// 6. Whole processes, as a user runs them: castscope's binary and pychromecast's script, each started per round.
let whole = WholeProcessRun(port: address.port, deviceID: deviceID, rounds: min(rounds, 10))

let startP50 = percentile(startTimes, 0.5) / 1000
let tripP50 = percentile(trips, 0.5)
print(
    "sender benchmark against the in-process receiver emulator at 127.0.0.1:\(address.port) "
        + "(no device auth, buffering 0; \(rounds) rounds, \(roundTrips) round trips)")
print(
    "castscope start to PLAYING: p50 \(format(startP50, 2)) ms, p90 \(format(percentile(startTimes, 0.9) / 1000, 2)) ms"
)
print("castscope PAUSE/PLAY round trip: p50 \(format(tripP50, 0)) µs, p99 \(format(percentile(trips, 0.99), 0)) µs")
print("castscope sequential commands/s: \(format(commandsPerSecond, 0))")
print("castscope pipelined GET_STATUS/s (\(batch) in flight): \(format(Double(batch) / pipelineSeconds, 0))")
print("castscope resident memory, process with one idle session: \(idleKiB.map { "\($0) KiB" } ?? "n/a")")
if let peer {
    let theirStart = percentile(peer.startMilliseconds, 0.5)
    let theirTrip = percentile(peer.roundTripMicroseconds, 0.5)
    print(
        "pychromecast start to PLAYING: p50 \(format(theirStart, 2)) ms, "
            + "p90 \(format(percentile(peer.startMilliseconds, 0.9), 2)) ms")
    print(
        "pychromecast PAUSE/PLAY round trip: p50 \(format(theirTrip, 0)) µs, "
            + "p99 \(format(percentile(peer.roundTripMicroseconds, 0.99), 0)) µs")
    print("pychromecast sequential commands/s: \(format(peer.commandsPerSecond, 0))")
    print("pychromecast resident memory, process with one idle session: \(peer.idleResidentKiB) KiB")
    print(
        "goal start to PLAYING ≥ 5× faster than pychromecast: \(format(theirStart / startP50, 1))× "
            + (theirStart / startP50 >= 5 ? "(met)" : "(NOT met)"))
    let tripGoal = tripP50 <= 200 ? "(met)" : "(NOT met)"
    print("goal PAUSE/PLAY round trip p50 ≤ 200 µs: \(format(tripP50, 0)) µs \(tripGoal)")
    print("ratio start_to_playing castscope/pychromecast = \(format(startP50 / theirStart, 4))")
    print("ratio round_trip_p50 castscope/pychromecast = \(format(tripP50 / theirTrip, 4))")
    print("ratio commands_per_s castscope/pychromecast = \(format(commandsPerSecond / peer.commandsPerSecond, 2))")
    if let idleKiB {
        print(
            "ratio idle_session_rss castscope/pychromecast = "
                + "\(format(Double(idleKiB) / Double(peer.idleResidentKiB), 3))")
    }
}
if let whole {
    let load = percentile(whole.loadToPlaying, 0.5)
    let noApp = percentile(whole.statusNoApp, 0.5)
    let appRunning = percentile(whole.statusAppRunning, 0.5)
    print("whole process: castscope cast load --wait playing p50 \(format(load, 1)) ms; "
        + "cast status p50 \(format(noApp, 1)) ms with no app, \(format(appRunning, 1)) ms with an app running")
    let statusGoal = appRunning <= 2 * noApp ? "(met)" : "(NOT met)"
    print("goal status with an app running ≤ 2× the no-app time: \(format(appRunning / noApp, 2))× \(statusGoal)")
    print("ratio status_app_running castscope/castscope_no_app = \(format(appRunning / noApp, 3))")
    if let theirs = whole.pychromecastToPlaying.map({ percentile($0, 0.5) }) {
        print("whole process: pychromecast script to PLAYING p50 \(format(theirs, 1)) ms")
        let loadGoal = theirs / load >= 5 ? "(met)" : "(NOT met)"
        print("goal load --wait playing ≥ 5× faster than pychromecast's script: \(format(theirs / load, 1))× \(loadGoal)")
        print("ratio load_wait_playing_process castscope/pychromecast = \(format(load / theirs, 4))")
    }
} else {
    print("whole-process comparison unavailable (.build-bench/release/castscope not built)")
}
if peer == nil {
    print("pychromecast comparison unavailable (.venv/bin/python with pychromecast needed; run scripts/setup)")
}
emulator.stop()
try? await Task.sleep(for: .milliseconds(50))
clientLoop.shutdown()
serverLoop.shutdown()
