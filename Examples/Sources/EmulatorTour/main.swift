// The rest of the libraries in one run: an in-process receiver emulator (CastReceiver) on loopback, a session to it
// (CastSender over CastChannel, CastTLS and CastNet), a frame encoded and decoded (CastWire, CastJSON), a command line
// parsed (CastCLI) and a timer fired by a manual clock (CastTestKit).
//
//     swift run EmulatorTour
import CastCLI
import CastDiscovery
import CastJSON
import CastNet
import CastReceiver
import CastSender
import CastTLS
import CastTestKit
import CastWire

#if canImport(Glibc)
    import Glibc
#endif

do {
    // CastReceiver: a device on 127.0.0.1 with a free port.
    let serverLoop = try EventLoop(name: "tour-receiver")
    defer { serverLoop.shutdown() }
    guard let loopback = SocketAddress(parsing: "127.0.0.1:0"), let ip = IPAddress("127.0.0.1") else { exit(1) }
    let emulator = try ReceiverEmulator(
        options: ReceiverEmulatorOptions(configuration: ReceiverConfiguration(name: "Tour TV"), address: loopback),
        eventLoop: serverLoop)
    let bound = try emulator.start()

    // CastSender: a session, trusting the emulator's self-signed certificate (CastTLS).
    var options = CastOptions(discoveryCriteria: DiscoveryCriteria(applicationIDs: ["CC1AD845"]))
    options.trustStore = CastTrustStore(roots: [emulator.deviceCertificate.certificate])
    let clientLoop = try EventLoop(name: "tour-sender")
    defer { clientLoop.shutdown() }
    let context = try CastContext(options: options, eventLoop: clientLoop)
    let session = try await context.startSession(with: Device(name: "Tour TV", address: ip, port: bound.port)).get()
    let app = await context.withSessionManager { _ in session.receiverStatus?.runningApplication?.displayName }
    print("session: \(app ?? "?")")
    await context.endSession(stopCasting: true)
    await emulator.stopAndWait()

    // CastWire and CastJSON: a PING framed and read back.
    let ping = CastMessage(
        sourceID: "sender-0", destinationID: "receiver-0", namespace: CastNamespace.heartbeat.rawValue,
        json: HeartbeatMessage(type: .ping).jsonText)
    var stream = CastFrameStream()
    stream.append(try CastFrameEncoder.encode(ping))
    let decoded = try stream.next()
    print("frame: \(decoded.flatMap { try? JSONValue(parsing: $0.payloadUTF8 ?? "") }?.castMessageType?.rawValue ?? "?")")

    // CastCLI: a command with a choice argument.
    let spec = CommandSpec(name: "mute", arguments: [.init("state", values: ["on", "off"])], run: { _, _ in 0 })
    if case .run(let invocation) = try CommandLineTool(spec).parse(["on"]) {
        print("argument: \(invocation.argument("state") ?? "?")")
    }

    // CastTestKit: time that moves only when told to.
    let clock = ManualClock()
    nonisolated(unsafe) var rang = false
    clock.schedule(after: .seconds(5)) { rang = true }
    clock.advance(by: .seconds(5))
    print("timer: \(rang ? "fired" : "waiting")")
} catch {
    print("error: \(error)")
    exit(1)
}
