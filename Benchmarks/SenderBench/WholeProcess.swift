import Foundation

/// Whole-process timings, as a user runs them: the release `castscope` binary and pychromecast's script each started
/// afresh per round (process start, TLS, CONNECT, the command, exit), against the same emulator.
struct WholeProcessRun {
    /// `castscope cast load --wait playing` from a fresh app (the app is quit, untimed, between rounds), ms.
    var loadToPlaying: [Double] = []
    /// `castscope cast status` with only the idle Backdrop running, ms.
    var statusNoApp: [Double] = []
    /// `castscope cast status` with the Default Media Receiver running and media loaded, ms.
    var statusAppRunning: [Double] = []
    /// pychromecast's script started to PLAYING and exit, ms (nil without the venv).
    var pychromecastToPlaying: [Double]?

    static let mediaURL = "http://127.0.0.1:9/bench.mp4"

    init?(port: UInt16, deviceID: String, rounds: Int) {
        let directory = FileManager.default.currentDirectoryPath
        let castscope = directory + "/.build-bench/release/castscope"
        guard FileManager.default.isExecutableFile(atPath: castscope) else { return nil }
        let cast = ["cast", "--device", "127.0.0.1:\(port)", "--insecure-skip-auth"]
        for _ in 0..<rounds {
            guard Self.run(castscope, cast + ["quit"]) != nil,
                let noApp = Self.run(castscope, cast + ["status"]),
                let playing = Self.run(castscope, cast + ["load", "--wait", "playing", Self.mediaURL]),
                let appRunning = Self.run(castscope, cast + ["status"])
            else { return nil }
            statusNoApp.append(noApp)
            loadToPlaying.append(playing)
            statusAppRunning.append(appRunning)
        }
        _ = Self.run(castscope, cast + ["quit"])
        let python = directory + "/.venv/bin/python"
        if FileManager.default.isExecutableFile(atPath: python) {
            let script = directory + "/scripts/bench-sender-pychromecast.py"
            var times: [Double] = []
            for _ in 0..<rounds {
                guard let time = Self.run(python, [script, "127.0.0.1", String(port), deviceID, "--once"]) else { break }
                times.append(time)
            }
            if times.count == rounds { pychromecastToPlaying = times }
        }
    }

    /// Runs one process to its end; its wall time in ms, or nil when it failed.
    private static func run(_ path: String, _ arguments: [String]) -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let began = ContinuousClock.now
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        let elapsed = ContinuousClock.now - began
        guard process.terminationStatus == 0 else {
            FileHandle.standardError.write(Data("whole-process run failed: \(path) \(arguments)\n".utf8))
            return nil
        }
        return Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
    }
}
