import Foundation

/// LogBench's command line.
struct BenchOptions {
    var peer = "Benchmarks/spdlog/spdlog_bench"
    var records = 1_000_000
    var disabledCalls = 200_000_000
    var repeats = 3
    var directory = NSTemporaryDirectory() + "castscope-bench"

    init(_ arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            guard let value = iterator.next() else { break }
            switch argument {
            case "--peer": peer = value
            case "--records": records = Int(value) ?? records
            case "--disabled-calls": disabledCalls = Int(value) ?? disabledCalls
            case "--repeats": repeats = max(1, Int(value) ?? repeats)
            case "--dir": directory = value
            default: print("LogBench: ignoring unknown option \(argument)")
            }
        }
    }
}

/// Runs the peer benchmark program and reads its `spdlog NAME VALUE` lines.
enum PeerRunner {
    static func run(_ path: String, arguments: [String]) -> [String: Double]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { return nil }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        var figures: [String: Double] = [:]
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.count == 3, let value = Double(words[2]) { figures[String(words[1])] = value }
        }
        return figures
    }
}
