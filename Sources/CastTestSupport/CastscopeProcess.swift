import CastNet
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

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
    ///
    /// Standard output and error are files, standard input a close-on-exec pipe filled before the start, and the
    /// child inherits no other descriptor (`ChildProcess`): a pipe's write end leaked into a long-lived child started
    /// by a test running beside this one would hold back the end of its output until that child exits, and several
    /// such leaks deadlocked the suite.
    public static func runBlocking(
        _ arguments: [String], input: [UInt8] = [], environment: [String: String] = [:], directory: String? = nil
    ) throws -> Result {
        guard let path = executablePath else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "castscope binary not found"])
        }
        var variables = ProcessInfo.processInfo.environment
        variables["COLUMNS"] = "80"
        variables["NO_COLOR"] = "1"
        for (key, value) in environment { variables[key] = value }
        let base = NSTemporaryDirectory() + "castscope-run-\(getpid())-\(UUID().uuidString)"
        let (inputPath, outputPath, errorPath) = (base + ".in", base + ".out", base + ".err")
        defer { for file in [inputPath, outputPath, errorPath] { unlink(file) } }
        // Standard input is a pipe, as from a shell (`cat X | castscope …`); a file only past the pipe's limit.
        var stdin = ChildProcess.Input.bytes(input)
        if input.count > ChildProcess.maximumPipedInput {
            guard FileManager.default.createFile(atPath: inputPath, contents: Data(input)) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot write \(inputPath)"])
            }
            stdin = .file(inputPath)
        }
        let child = try ChildProcess(
            path: path, arguments: arguments, input: stdin, output: .file(outputPath), errors: .file(errorPath),
            environment: variables, directory: directory)
        let status = child.waitUntilExit()
        func read(_ file: String) -> String {
            String(decoding: FileManager.default.contents(atPath: file) ?? Data(), as: UTF8.self)
        }
        return Result(standardOutput: read(outputPath), standardError: read(errorPath), exitCode: status)
    }
}
