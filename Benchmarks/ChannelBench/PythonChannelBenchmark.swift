import CastNet
import Foundation

/// Runs Benchmarks/ChannelBench/pychannel.py (pychromecast's channel code) against the same receiver.
struct PythonChannelBenchmark {
    var connectMilliseconds: Double
    var pingRoundTripsPerSecond: Double
    var statusRoundTripsPerSecond: Double

    static func run(address: SocketAddress, roundTrips: Int) -> PythonChannelBenchmark? {
        let python = ProcessInfo.processInfo.environment["CASTSCOPE_PYTHON"] ?? ".venv/bin/python"
        let script = "Benchmarks/ChannelBench/pychannel.py"
        guard FileManager.default.isExecutableFile(atPath: python), FileManager.default.fileExists(atPath: script)
        else {
            print("pychromecast: \(python) or \(script) missing (run scripts/setup from the repository root)")
            return nil
        }
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, address.ip.description, String(address.port), String(roundTrips)]
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            print("pychromecast: could not run \(python): \(error)")
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let connect = object["connect_ms"] as? Double, let ping = object["ping_round_trips_per_s"] as? Double,
            let status = object["status_round_trips_per_s"] as? Double
        else {
            print("pychromecast: pychannel.py failed: \(String(decoding: data, as: UTF8.self))")
            return nil
        }
        return PythonChannelBenchmark(
            connectMilliseconds: connect, pingRoundTripsPerSecond: ping, statusRoundTripsPerSecond: status)
    }
}
