import CastNet
import CastReceiver
import Foundation

/// `ChannelBench --serve`: the emulator process the benchmark measures. It hosts the `ReceiverEmulator` that
/// `castscope receiver` runs, on 127.0.0.1 with a free port, prints the same `listening` line and serves until
/// the parent terminates it.
func serveEmulator() -> Never {
    let deviceID = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
    do {
        let loop = try EventLoop(name: "bench-emulator")
        guard let address = SocketAddress(parsing: "127.0.0.1:0") else { exit(1) }
        let emulator = try ReceiverEmulator(
            options: ReceiverEmulatorOptions(
                configuration: ReceiverConfiguration(name: "bench", deviceID: deviceID), address: address),
            eventLoop: loop)
        let bound = try emulator.start()
        let line = "listening 127.0.0.1:\(bound.port) id=\(deviceID) name=\"bench\"\n"
        FileHandle.standardOutput.write(Data(line.utf8))
        while true { sleep(3600) }
    } catch {
        FileHandle.standardError.write(Data("ChannelBench --serve: \(error)\n".utf8))
        exit(1)
    }
}
