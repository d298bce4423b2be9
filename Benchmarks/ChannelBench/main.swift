// ChannelBench: our Cast channel layer vs pychromecast against the same `castscope receiver`, plus messages/s,
// emulator memory per sender and the 50-sender load run. Run with scripts/bench-channel (make bench-channel).
import CastNet
import CastReceiver
import CastTLS
import Foundation

func option(_ name: String, default value: Double) -> Double {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: "--\(name)"), index + 1 < arguments.count,
          let parsed = Double(arguments[index + 1])
    else { return value }
    return parsed
}

func format(_ value: Double, _ decimals: Int = 2) -> String { String(format: "%.\(decimals)f", value) }

func runPython(_ emulator: EmulatorChild, rounds: Int, seconds: Double) -> [String: Double]? {
    let python = FileManager.default.currentDirectoryPath + "/.venv/bin/python"
    let script = FileManager.default.currentDirectoryPath + "/scripts/bench-channel-pychromecast.py"
    guard FileManager.default.isExecutableFile(atPath: python) else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [script, emulator.host, String(emulator.port), emulator.deviceID, String(rounds),
                         String(seconds)]
    let output = Pipe()
    process.standardOutput = output
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
          let object = try? JSONSerialization.jsonObject(with: data) as? [String: Double]
    else { return nil }
    return object
}

let rounds = Int(option("rounds", default: 30))
let seconds = option("seconds", default: 3)
let loadSeconds = option("load-seconds", default: 30)
let loadSenders = Int(option("load-senders", default: 50))
let memorySenders = Int(option("memory-senders", default: 200))

do {
    let emulator = try EmulatorChild()
    defer { emulator.stop() }
    let loop = try EventLoop(name: "channel-bench")
    defer { loop.shutdown() }
    guard let address = SocketAddress(parsing: "\(emulator.host):\(emulator.port)") else {
        throw BenchError("bad address")
    }
    let own = OwnChannelBenchmark(address: address, loop: loop, tls: try TLSContext(configuration: .client()))
    print("channel benchmark against castscope receiver \(emulator.host):\(emulator.port) "
        + "(rounds=\(rounds), rate runs \(format(seconds, 1)) s)")

    let ownConnect = try await own.connectRoundTrip(rounds: rounds)
    let ownLoad = try await own.loadRoundTrip(rounds: rounds)
    let ownStatus = try await own.statusRate(seconds: seconds, inFlight: 1)
    let ownPipelined = try await own.statusRate(seconds: seconds, inFlight: 32)
    let ownPing = try await own.pingRate(count: 20_000)
    let python = runPython(emulator, rounds: rounds, seconds: seconds)

    func row(_ label: String, _ ours: String, _ theirs: String?) {
        let padded = label.padding(toLength: 44, withPad: " ", startingAt: 0)
        print("\(padded) castscope \(ours.padding(toLength: 14, withPad: " ", startingAt: 0)) "
            + "pychromecast \(theirs ?? "n/a")")
    }
    row("TLS connect + CONNECT + GET_STATUS (median)", format(ownConnect) + " ms",
        python?["connect_ms"].map { format($0) + " ms" })
    row("LOAD -> first MEDIA_STATUS (median)", format(ownLoad, 3) + " ms", python?["load_ms"].map { format($0, 3) + " ms" })
    row("media GET_STATUS round trips, 1 in flight", format(ownStatus, 0) + "/s",
        python?["getstatus_per_s"].map { format($0, 0) + "/s" })
    row("media GET_STATUS round trips, 32 in flight", format(ownPipelined, 0) + "/s", nil)
    row("PING/PONG through one channel (pipelined)", format(ownPing, 0) + " msg/s", nil)

    let perSender = try await own.memoryPerSender(emulator, senders: memorySenders)
    print("emulator memory per connected sender: \(format(perSender, 1)) KiB "
        + "(RSS growth with \(memorySenders) senders, each CONNECT + GET_STATUS)")

    let load = await ReceiverLoad.run(
        senders: loadSenders, duration: .milliseconds(Int64(loadSeconds * 1000)), address: address, loop: loop,
        tls: own.tls)
    print("load: \(loadSenders) senders x CONNECT/GET_STATUS/LOAD/PAUSE/PLAY: \(load)")
    if load.lostReplies > 0 || load.connected < loadSenders { print("LOAD TEST FAILED: replies were lost") }

    if let python {
        if let theirs = python["connect_ms"] { print("ratio connect castscope/pychromecast = \(format(ownConnect / theirs, 3))") }
        if let theirs = python["load_ms"] { print("ratio load_to_media_status castscope/pychromecast = \(format(ownLoad / theirs, 3))") }
        if let theirs = python["getstatus_per_s"] {
            print("ratio get_status_rate castscope/pychromecast = \(format(ownStatus / theirs, 3))")
        }
    } else {
        print("pychromecast comparison unavailable (.venv/bin/python with pychromecast needed; run scripts/setup)")
    }
    if load.lostReplies > 0 { exit(1) }
} catch {
    FileHandle.standardError.write(Data("ChannelBench: \(error)\n".utf8))
    exit(1)
}
