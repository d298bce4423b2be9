import CastNet
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct ChildProcessTests {
    private func temporaryPath() -> String { NSTemporaryDirectory() + "castscope-child-\(UUID().uuidString)" }

    /// Runs `script` with /bin/sh from a thread that blocks SIGINT and SIGTERM, as Swift's and Dispatch's threads do.
    private func runFromBlockingThread(_ script: String) throws -> (status: Int32, output: String) {
        let output = temporaryPath()
        defer { unlink(output) }
        let result: Result<Int32, IOError> = {
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, SIGINT)
            sigaddset(&blocked, SIGTERM)
            var previous = sigset_t()
            pthread_sigmask(SIG_BLOCK, &blocked, &previous)
            defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
            do throws(IOError) {
                let child = try ChildProcess(path: "/bin/sh", arguments: ["-c", script], output: .file(output))
                return .success(child.waitUntilExit())
            } catch {
                return .failure(error)
            }
        }()
        let status = try result.get()
        return (status, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
    }

    @Test func childStartsWithNoSignalBlockedWhateverTheCallersMask() throws {
        let (status, output) = try runFromBlockingThread("grep SigBlk /proc/self/status")
        #expect(status == 0)
        #expect(output.contains("SigBlk:\t0000000000000000"), "\(output)")
    }

    @Test func childInheritsNoDescriptorBeyondTheStandardThree() throws {
        let pipe = Pipe()  // an open descriptor of ours that is not close-on-exec
        defer { try? pipe.fileHandleForReading.close() }
        let (_, output) = try runFromBlockingThread("ls /proc/$$/fd")
        let descriptors = Set(output.split(separator: "\n").map(String.init))
        #expect(descriptors.isSubset(of: ["0", "1", "2", "10"]), "\(descriptors)")  // sh may keep 10 for itself
        #expect(!descriptors.contains(String(pipe.fileHandleForWriting.fileDescriptor)))
    }

    @Test func exitCodesAndSignalsAreReportedLikeAShell() throws {
        #expect(try runFromBlockingThread("exit 3").status == 3)
        let sleeper = try ChildProcess(path: "/bin/sleep", arguments: ["30"])
        #expect(sleeper.isRunning)
        sleeper.send(SIGTERM)
        #expect(sleeper.waitUntilExit() == 128 + SIGTERM)
        #expect(!sleeper.isRunning)
        sleeper.send(SIGKILL)  // reaped: nothing is signalled
    }

    @Test func aMissingProgramIsAnError() {
        #expect(throws: IOError.self) { _ = try ChildProcess(path: "/nonexistent/castscope-tool", arguments: []) }
    }

    @Test func pipedInputReachesTheChildThroughAPipeThenEndOfFile() throws {
        let output = temporaryPath()
        defer { unlink(output) }
        let input = Array("line one\nline two\n".utf8) + [UInt8](repeating: 0x41, count: 200_000)
        let child = try ChildProcess(
            path: "/bin/sh", arguments: ["-c", "[ -p /dev/stdin ] && echo pipe && wc -c"], input: .bytes(input),
            output: .file(output))
        #expect(child.waitUntilExit() == 0)
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        #expect(text == "pipe\n\(input.count)\n", "\(text)")
    }

    @Test func terminateKillsAChildThatIgnoresTheSignalAfterTheGrace() throws {
        let stubborn = try ChildProcess(
            path: "/bin/sh", arguments: ["-c", "trap '' TERM; while :; do sleep 0.1; done"])
        usleep(100_000)  // let the shell install its trap
        #expect(stubborn.terminate(SIGTERM, grace: 0.3) == 128 + SIGKILL)
        #expect(stubborn.endingSignal == SIGKILL)
    }
}
