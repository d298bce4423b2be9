import CastDiscovery
import CastNet
import CastSender
import Foundation

/// `SenderBench --idle-session PORT`: a process of its own that starts a castscope session against the emulator on
/// 127.0.0.1:PORT, loads media, waits a second and prints its resident memory in KiB — the figure comparable with
/// pychromecast's process holding one idle session (the emulator lives in the parent, not counted here).
func runIdleSession(port: UInt16) async -> Never {
    do {
        let loop = try EventLoop(name: "idle-sender")
        var options = CastOptions(discoveryCriteria: DiscoveryCriteria(applicationIDs: ["CC1AD845"]))
        options.deviceAuthentication = false
        let context = try CastContext(options: options, eventLoop: loop)
        guard let ip = IPAddress("127.0.0.1") else { exit(1) }
        let device = Device(
            instanceName: "bench", instanceLabel: "bench", host: "127.0.0.1", port: port,
            addresses: [ip], txt: [Array("id=bench".utf8)], interfaceIndex: 0, via: .builtin)
        guard case .success = await context.startSession(with: device),
            await context.perform({ $0.currentCastSession?.remoteMediaClient.loadMedia(benchLoad()) }) == .completed
        else { exit(2) }
        try? await Task.sleep(for: .seconds(1))
        print(residentKiB())
        await context.endSession(stopCasting: true)
        loop.shutdown()
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("SenderBench --idle-session: \(error)\n".utf8))
        exit(1)
    }
}

/// Runs this binary with `--idle-session PORT` and returns the child's resident memory in KiB.
func idleSessionResidentKiB(port: UInt16) -> Int? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--idle-session", String(port)]
    let output = Pipe()
    process.standardOutput = output
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
}
