import Foundation

/// Runs Benchmarks/WireBench/pyframes.py with the repo venv's Python on the same frames.
struct PythonFrameBenchmark {
    var implementation: String
    var framesPerSecond: Double
    var megabytesPerSecond: Double
    var framesPerSecondReadingFields: Double?

    static func run(_ bytes: [UInt8]) -> PythonFrameBenchmark? {
        let python = ProcessInfo.processInfo.environment["CASTSCOPE_PYTHON"] ?? ".venv/bin/python"
        let script = "Benchmarks/WireBench/pyframes.py"
        guard FileManager.default.isExecutableFile(atPath: python), FileManager.default.fileExists(atPath: script) else {
            return nil
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wirebench-\(getpid()).frames")
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, file.path]
        process.standardOutput = output
        do {
            try Data(bytes).write(to: file)
            try process.run()
        } catch {
            print("python-protobuf: could not run \(python): \(error)")
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let fps = object["frames_per_s"] as? Double, let mbps = object["mb_per_s"] as? Double
        else {
            print("python-protobuf: pyframes.py failed: \(String(decoding: data, as: UTF8.self))")
            return nil
        }
        return PythonFrameBenchmark(implementation: object["implementation"] as? String ?? "?",
                                    framesPerSecond: fps, megabytesPerSecond: mbps,
                                    framesPerSecondReadingFields: object["frames_per_s_reading_fields"] as? Double)
    }
}
