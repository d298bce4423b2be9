import Foundation

/// The emulator child every measurement runs against: this binary re-run with `--serve`, which hosts the same
/// `ReceiverEmulator` that `castscope receiver` runs (so the benchmark does not need a release build of the CLI)
/// and prints the same `listening HOST:PORT id=ID name="NAME"` line.
final class EmulatorChild {
    let process = Process()
    let host: String
    let port: Int
    let deviceID: String

    init() throws {
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--serve"]
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
