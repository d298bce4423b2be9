import CastNet
import CastTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `castscope cast` without `--device`: the only device is used; of several, the user picks one by number or name
/// on a terminal (a pseudo-terminal here); without a terminal it exits 1 listing the devices. The devices are two
/// `castscope receiver` processes on loopback, injected with CASTSCOPE_KNOWN_DEVICES (no multicast in tests).
@Suite(.serialized) struct DeviceChooserProcessTests {
    struct Devices {
        let kitchen: ReceiverProcess
        let den: ReceiverProcess
        var environment: [String: String] {
            [
                "CASTSCOPE_KNOWN_DEVICES":
                    "Kitchen TV=127.0.0.1:\(kitchen.port);Den=127.0.0.1:\(den.port)"
            ]
        }

        init() async throws {
            kitchen = try await ReceiverProcess.start(["--name", "Kitchen TV"])
            den = try await ReceiverProcess.start(["--name", "Den"])
        }

        /// Whether the Default Media Receiver runs on `harness` (asked with --device, so no choosing).
        func runsMediaReceiver(_ harness: ReceiverProcess) async throws -> Bool {
            let status = try await CastscopeProcess.run(
                ["cast", "--insecure-skip-auth", "--device", "127.0.0.1:\(harness.port)", "status"])
            return status.standardOutput.contains("Default Media Receiver")
        }

        func shutdown() async {
            await kitchen.stopped()
            await den.stopped()
        }
    }

    @Test func severalDevicesWithoutATerminalExitOneListingThemAndSuggestingDevice() async throws {
        let devices = try await Devices()
        let result = try await CastscopeProcess.run(
            ["cast", "--insecure-skip-auth", "launch"],
            environment: devices.environment)
        #expect(result.exitCode == 1, "\(result.standardError)")
        #expect(result.standardError.contains("Den"))
        #expect(result.standardError.contains("Kitchen TV"))
        #expect(result.standardError.contains("--device"))
        #expect(try await !devices.runsMediaReceiver(devices.kitchen))
        #expect(try await !devices.runsMediaReceiver(devices.den))
        await devices.shutdown()
    }

    @Test func theOnlyDeviceIsUsedWithoutAsking() async throws {
        let devices = try await Devices()
        let result = try await CastscopeProcess.run(
            ["cast", "--insecure-skip-auth", "launch"],
            environment: ["CASTSCOPE_KNOWN_DEVICES": "Den=127.0.0.1:\(devices.den.port)"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("Choose a device"))
        #expect(try await devices.runsMediaReceiver(devices.den))
        await devices.shutdown()
    }

    @Test func aNumberTypedOnTheTerminalPicksThatDevice() async throws {
        let devices = try await Devices()
        // Listed by friendly name: 1) Den, 2) Kitchen TV.
        let result = try await Self.runOnTerminal(
            ["cast", "--insecure-skip-auth", "launch"], typed: "2\n",
            environment: devices.environment)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("1) Den"))
        #expect(result.errors.contains("2) Kitchen TV"))
        #expect(result.errors.contains("Choose a device [1-2]"))
        #expect(try await devices.runsMediaReceiver(devices.kitchen))
        #expect(try await !devices.runsMediaReceiver(devices.den))
        await devices.shutdown()
    }

    @Test func aWrongAnswerIsAskedAgainAndANameIsAccepted() async throws {
        let devices = try await Devices()
        let result = try await Self.runOnTerminal(
            ["cast", "--insecure-skip-auth", "launch"], typed: "7\nDen\n",
            environment: devices.environment)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("\"7\" is not one of"))
        #expect(try await devices.runsMediaReceiver(devices.den))
        #expect(try await !devices.runsMediaReceiver(devices.kitchen))
        await devices.shutdown()
    }

    @Test func endOfInputOnTheTerminalChoosesNothing() async throws {
        let devices = try await Devices()
        let result = try await Self.runOnTerminal(
            ["cast", "--insecure-skip-auth", "launch"], typed: "\u{04}",
            environment: devices.environment)
        #expect(result.status == 1, "\(result.errors)")
        #expect(result.errors.contains("no device chosen"))
        await devices.shutdown()
    }

    /// What a run on a terminal printed and returned (status nil when it had to be killed).
    struct TerminalRun: Sendable {
        var status: Int32?
        var errors: String
    }

    /// Runs castscope with a pseudo-terminal as standard input, with `typed` already waiting in it, and stdout and
    /// stderr to files.
    static func runOnTerminal(
        _ arguments: [String], typed: String, environment: [String: String],
        timeout: Double = 60
    ) async throws -> TerminalRun {
        try await BlockingWork.run {
            try runOnTerminalBlocking(arguments, typed: typed, environment: environment, timeout: timeout)
        }
    }

    /// `runOnTerminal` on the calling thread (it polls the child until it exits).
    static func runOnTerminalBlocking(
        _ arguments: [String], typed: String, environment: [String: String], timeout: Double
    ) throws -> TerminalRun {
        guard let path = CastscopeProcess.executablePath else { throw ReceiverProcessError("castscope binary not found") }
        // posix_openpt/unlockpt/ptsname are not imported by Glibc here; on Linux they are /dev/ptmx plus two
        // ioctls (asm-generic numbers: TIOCSPTLCK = _IOW('T', 0x31, int), TIOCGPTN = _IOR('T', 0x30, unsigned)).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            throw ReceiverProcessError("no pseudo-terminal: errno \(errno)")
        }
        let name = "/dev/pts/\(number)"
        defer { close(master) }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        let terminal = open(name, O_RDWR | O_NOCTTY)
        guard terminal >= 0 else { throw ReceiverProcessError("cannot open \(name)") }
        defer { close(terminal) }
        let bytes = Array(typed.utf8)
        guard write(master, bytes, bytes.count) == bytes.count else { throw ReceiverProcessError("cannot type") }
        let base = NSTemporaryDirectory() + "castscope-tty-\(getpid())-\(UUID().uuidString)"
        defer {
            unlink(base + ".out")
            unlink(base + ".err")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, terminal, 0)
        posix_spawn_file_actions_addclose(&actions, terminal)
        posix_spawn_file_actions_addopen(&actions, 1, base + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, base + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var merged = ProcessInfo.processInfo.environment
        merged["NO_COLOR"] = "1"
        for (key, value) in environment { merged[key] = value }
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw ReceiverProcessError("spawn failed: \(spawned)") }
        var status: Int32 = 0
        var waited = 0.0
        while waitpid(pid, &status, WNOHANG) == 0 {
            usleep(20_000)
            waited += 0.02
            if waited > timeout {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                return TerminalRun(
                    status: nil, errors: (try? String(contentsOfFile: base + ".err", encoding: .utf8)) ?? "")
            }
        }
        let errors = (try? String(contentsOfFile: base + ".err", encoding: .utf8)) ?? ""
        let exited = status & 0x7F == 0
        return TerminalRun(status: exited ? (status >> 8) & 0xFF : nil, errors: errors)
    }
}
