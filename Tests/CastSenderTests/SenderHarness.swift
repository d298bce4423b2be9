import CastDiscovery
import CastNet
import CastReceiver
import CastSender
import CastTLS
import CastTestKit
import Foundation
import Synchronization

/// An in-process emulator on loopback and a sender context on its own loop; `shutdown()` stops both.
final class SenderHarness: @unchecked Sendable {
    let serverLoop: EventLoop
    let clientLoop: EventLoop
    let emulator: ReceiverEmulator
    let address: SocketAddress
    let context: CastContext
    let device: Device

    init(_ configuration: ReceiverConfiguration = ReceiverConfiguration(name: "Harness TV"),
         appID: String = "CC1AD845", authenticate: Bool = true, trusted: Bool = true,
         extraRoots: [X509Certificate] = [],
         customize: (inout CastOptions) -> Void = { _ in },
         emulatorOptions: (inout ReceiverEmulatorOptions) -> Void = { _ in }) throws {
        serverLoop = try EventLoop(name: "emulator")
        clientLoop = try EventLoop(name: "sender")
        guard let loopback = SocketAddress(parsing: "127.0.0.1:0"), let ip = IPAddress("127.0.0.1") else {
            throw HarnessError("loopback")
        }
        var receiverOptions = ReceiverEmulatorOptions(configuration: configuration, address: loopback)
        receiverOptions.tlsKey = try TestKeys.rsa2048(named: "emulator-tls")
        // A bound, not a timing: under the whole suite on two cores a TLS handshake has taken over 10 s.
        receiverOptions.handshakeTimeout = .seconds(30)
        emulatorOptions(&receiverOptions)
        emulator = try ReceiverEmulator(options: receiverOptions, eventLoop: serverLoop)
        address = try emulator.start()
        var options = CastOptions(discoveryCriteria: DiscoveryCriteria(applicationIDs: [appID]))
        options.deviceAuthentication = authenticate
        options.trustStore = trusted
            ? CastTrustStore(roots: [emulator.deviceCertificate.certificate] + extraRoots)
            : CastTrustStore(roots: [])
        options.requestTimeout = .seconds(5)
        customize(&options)
        context = try CastContext(options: options, eventLoop: clientLoop)
        device = Device(
            instanceName: "Harness-TV._googlecast._tcp.local.", instanceLabel: "Harness-TV", host: "harness.local",
            port: address.port, addresses: [ip],
            txt: [Array("id=\(configuration.deviceID)".utf8), Array("fn=\(configuration.name)".utf8)],
            interfaceIndex: 1, via: .builtin)
    }

    func shutdown() async {
        await context.endSession(stopCasting: false)
        await emulator.stopAndWait()
        clientLoop.shutdown()
        serverLoop.shutdown()
    }
}

/// A harness setup failure.
struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Records session and media callbacks (on the sender loop) for later reading from the test.
final class CallbackRecorder: SessionManagerListener, RemoteMediaClientListener, GenericCastChannelDelegate,
    @unchecked Sendable
{
    private let lines = Mutex<[String]>([])
    let label: String
    init(_ label: String = "") { self.label = label }

    var events: [String] { lines.withLock { $0 } }
    private func record(_ line: String) { lines.withLock { $0.append(label + line) } }

    func sessionManager(_ manager: SessionManager, willStart session: CastSession) { record("willStart") }
    func sessionManager(_ manager: SessionManager, didStart session: CastSession) { record("didStart") }
    func sessionManager(_ manager: SessionManager, didFailToStart session: CastSession, withError error: CastError) {
        record("didFailToStart \(error.code.name)")
    }
    func sessionManager(_ manager: SessionManager, willEnd session: CastSession) { record("willEnd") }
    func sessionManager(_ manager: SessionManager, didEnd session: CastSession, withError error: CastError?) {
        record("didEnd \(error?.code.name ?? "nil")")
    }
    func sessionManager(_ manager: SessionManager, didSuspend session: CastSession,
                        withReason reason: ConnectionSuspendReason) { record("didSuspend \(reason)") }
    func sessionManager(_ manager: SessionManager, willResume session: CastSession) { record("willResume") }
    func sessionManager(_ manager: SessionManager, didResume session: CastSession) { record("didResume") }
    func sessionManager(_ manager: SessionManager, session: CastSession, didUpdateDevice deviceID: String) {
        record("didUpdateDevice \(deviceID)")
    }
    func sessionManager(_ manager: SessionManager, session: CastSession, didReceiveDeviceVolume volume: Double,
                        muted: Bool) { record("volume \(volume) \(muted)") }
    func remoteMediaClient(_ client: RemoteMediaClient, didStartMediaSessionWithID id: Int64) {
        record("didStartMediaSession")
    }
    func remoteMediaClient(_ client: RemoteMediaClient, didUpdateMediaMetadata metadata: MediaMetadata?) {
        record("metadata \(metadata?.title ?? "nil")")
    }
    func castChannel(_ channel: GenericCastChannel, didReceiveTextMessage message: String) { record("text \(message)") }
    func castChannelDidConnect(_ channel: GenericCastChannel) { record("channelConnected") }
}

/// Directory counting for the descriptor-leak test.
enum FileManagerShim {
    static func count(_ path: String) throws -> Int { try FileManager.default.contentsOfDirectory(atPath: path).count }

    /// TCP connections of this host with `port` at either end that are still open (not closed or in TIME_WAIT),
    /// from /proc/net/tcp and tcp6: what a leaked session would hold, whatever other tests have open meanwhile.
    static func openConnections(port: UInt16) -> Int {
        let hexPort = String(format: "%04X", port)
        var count = 0
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            guard let text = ProcFile.read(table) else { continue }
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                guard fields.count > 3 else { continue }
                let ends = [fields[1], fields[2]].map { $0.split(separator: ":").last.map(String.init) ?? "" }
                // 01 ESTABLISHED … 08 CLOSE_WAIT and the other live states; 06 TIME_WAIT, 07 CLOSE and 0A LISTEN
                // hold no descriptor of a session.
                let state = String(fields[3])
                if ends.contains(hexPort), !["06", "07", "0A"].contains(state) { count += 1 }
            }
        }
        return count
    }
}
