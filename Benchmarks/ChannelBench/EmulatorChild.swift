import Foundation

/// The `castscope receiver --port 0` child every measurement runs against (found next to this binary).
final class EmulatorChild {
    let process = Process()
    let host: String
    let port: Int
    let deviceID: String

    init() throws {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let binary = directory.appendingPathComponent("castscope").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchError("castscope not found at \(binary); scripts/bench-channel builds it")
        }
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["receiver", "--port", "0", "--host", "127.0.0.1", "--name", "bench"]
        var environment = ProcessInfo.processInfo.environment
        environment["CASTSCOPE_LOG"] = environment["CASTSCOPE_LOG"] ?? "*=warning"
        process.environment = environment
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        var buffer = Data()
        while !buffer.contains(UInt8(ascii: "\n")) {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
        }
        let line = String(decoding: buffer, as: UTF8.self)
        let fields = line.split(separator: " ").map(String.init)
        guard fields.count >= 3, fields[0] == "listening", let colon = fields[1].lastIndex(of: ":"),
              let port = Int(fields[1][fields[1].index(after: colon)...])
        else {
            process.terminate()
            throw BenchError("unexpected emulator line: \(line)")
        }
        host = String(fields[1][..<colon])
        self.port = port
        deviceID = String(fields[2].dropFirst(3))
    }

    /// The emulator's resident set size in KiB (`VmRSS` in /proc).
    var residentKiB: Int {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

/// A benchmark that cannot run.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
