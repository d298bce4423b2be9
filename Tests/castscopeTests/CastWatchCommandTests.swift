import CastNet
import CastTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `cast watch` against a receiver process: the state first, each change as it happens, and a clean end on a
/// signal or when the session ends, with nothing polled in between.
@Suite struct CastWatchCommandTests {
    /// A running `castscope cast … watch`, its output in a file.
    private final class Watcher: Sendable {
        let process: ChildProcess
        let outputPath = NSTemporaryDirectory() + "castscope-watch-\(UUID().uuidString).out"
        let errorPath = NSTemporaryDirectory() + "castscope-watch-\(UUID().uuidString).err"

        init(_ receiver: ReceiverProcess) throws {
            let path = try #require(CastscopeProcess.executablePath)
            process = try ChildProcess(
                path: path,
                arguments: ["cast", "--device", "\(receiver.host):\(receiver.port)", "--insecure-skip-auth", "watch"],
                output: .file(outputPath), errors: .file(errorPath))
        }

        var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
        var errors: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

        deinit {
            if process.isRunning { process.terminate(SIGKILL, grace: 1) }
            unlink(outputPath)
            unlink(errorPath)
        }
    }

    @Test func watchPrintsTheStateThenChangesAndEndsTheSessionOnSIGINT() async throws {
        let receiver = try await ReceiverProcess.start()
        let watcher = try Watcher(receiver)
        #expect(await eventually(within: .seconds(20)) { watcher.output.contains("session: ") },
                "\(watcher.errors)")
        #expect(watcher.output.hasPrefix("session: "), "the first line names the device and the app")

        let load = try await CastscopeProcess.run(
            ["cast", "--device", "\(receiver.host):\(receiver.port)", "--insecure-skip-auth", "load",
             "http://127.0.0.1:1/movie.mp4", "--wait", "playing"])
        #expect(load.exitCode == 0, "\(load.standardError)")
        #expect(await eventually(within: .seconds(20)) { watcher.output.contains("media: PLAYING") },
                "\(watcher.output)")

        // Bounded: a watch that did not stop is killed after 30 s and fails here instead of hanging the suite.
        let status = await BlockingWork.run { watcher.process.terminate(SIGINT, grace: 30) }
        #expect(status == 0, "\(watcher.errors)")
        let lines = watcher.output.split(separator: "\n")
        // Interrupted, it says it stopped watching, and nothing about media or the session it did not end.
        #expect(lines.last == "watch: stopped watching; the app and its media go on", "\(watcher.output)")
        #expect(!lines.contains("session: ended") && lines.last(where: { $0.hasPrefix("media: ") }) != "media: none")
        #expect(watcher.output.hasSuffix("\n"))
        #expect(await receiver.stopped().status == 0)
    }

    @Test func watchEndsOnSIGTERMWithoutWaitingForAnyPollInterval() async throws {
        let receiver = try await ReceiverProcess.start()
        let watcher = try Watcher(receiver)
        #expect(await eventually(within: .seconds(20)) { watcher.output.contains("session: ") },
                "\(watcher.errors)")
        let status = await BlockingWork.run { watcher.process.terminate(SIGTERM, grace: 30) }
        #expect(status == 0, "\(watcher.errors)")
        #expect(watcher.output.hasSuffix("watch: stopped watching; the app and its media go on\n"), "\(watcher.output)")
        // The receiver heard the sender's CLOSE: its session count dropped before it was told to stop.
        #expect(await eventually { receiver.log().contains("-> receiver-0: {\"type\":\"CLOSE\"") }, "\(receiver.log())")
        #expect(await receiver.stopped().status == 0)
    }
}
