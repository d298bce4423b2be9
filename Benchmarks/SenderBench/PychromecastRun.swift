import Foundation

/// pychromecast's figures from scripts/bench-sender-pychromecast.py, run with the repository's venv against the
/// same emulator; nil when the venv is missing or the script fails (its stderr is passed through).
struct PychromecastRun {
    /// Start to PLAYING per round, ms.
    var startMilliseconds: [Double]
    /// PAUSE/PLAY round trips, µs.
    var roundTripMicroseconds: [Double]
    /// Sequential commands per second.
    var commandsPerSecond: Double
    /// Resident memory of the Python process with one idle session, KiB.
    var idleResidentKiB: Int

    init?(port: UInt16, deviceID: String, rounds: Int, roundTrips: Int) {
        let directory = FileManager.default.currentDirectoryPath
        let python = directory + "/.venv/bin/python"
        guard FileManager.default.isExecutableFile(atPath: python) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [
            directory + "/scripts/bench-sender-pychromecast.py", "127.0.0.1", String(port), deviceID,
            String(rounds), String(roundTrips),
        ]
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let start = object["start_ms"] as? [Double], let trips = object["round_trip_us"] as? [Double],
            let rate = object["commands_per_s"] as? Double, let rss = object["idle_rss_kib"] as? Int
        else { return nil }
        startMilliseconds = start
        roundTripMicroseconds = trips
        commandsPerSecond = rate
        idleResidentKiB = rss
    }
}
