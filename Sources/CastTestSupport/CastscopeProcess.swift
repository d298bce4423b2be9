import Foundation

/// Runs the built `castscope` executable, for golden tests of the real command line.
public enum CastscopeProcess {
    /// What one run printed and returned.
    public struct Result: Sendable {
        public var standardOutput: String
        public var standardError: String
        public var exitCode: Int32
    }

    /// The `castscope` binary next to the test bundle (SwiftPM builds it into the same directory).
    public static var executablePath: String? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("castscope").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// Runs castscope with `arguments`, feeding `input` on stdin, with `environment` added to this process's.
    ///
    /// The wait happens on a thread of its own, so a test awaiting it leaves the cooperative pool (two threads on
    /// a 2-core machine) free for the tasks of the tests running beside it.
    public static func run(
        _ arguments: [String], input: [UInt8] = [], environment: [String: String] = [:], directory: String? = nil
    ) async throws -> Result {
        try await BlockingWork.run {
            try runBlocking(arguments, input: input, environment: environment, directory: directory)
        }
    }

    /// `run` for synchronous callers (fixtures' teardown); blocks the calling thread until castscope exits.
    public static func runBlocking(
        _ arguments: [String], input: [UInt8] = [], environment: [String: String] = [:], directory: String? = nil
    ) throws -> Result {
        guard let path = executablePath else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "castscope binary not found"])
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["COLUMNS"] = "80"
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(input))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let errorData = Locked<Data>(Data())
        let errorReader = Thread { errorData.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
        errorReader.start()
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.isSet { usleep(1000) }
        return Result(
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData.value, as: UTF8.self), exitCode: process.terminationStatus)
    }
}

/// A value written once by another thread.
private final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    private var written = false

    init(_ value: Value) { stored = value }

    func set(_ value: Value) {
        lock.lock()
        stored = value
        written = true
        lock.unlock()
    }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return written
    }
}
