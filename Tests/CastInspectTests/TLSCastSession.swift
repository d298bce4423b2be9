import CastLog
import CastTLS
import CastTestKit
import CastWire
import Foundation

@testable import CastInspect

/// A real TLS session between two in-memory CastTLS connections, kept as the packets a capture of it would hold
/// (SYN, SYN-ACK, the handshake, then Cast frames each way) with the client's key log, so the inspector sees the
/// device's TLS certificate exactly as on the wire: plaintext in TLS 1.2, encrypted in TLS 1.3.
final class TLSCastSession {
    /// Collects the key-log lines OpenSSL reports.
    final class KeyLines: KeyLogSink, @unchecked Sendable {
        // @unchecked Sendable: `lines` is only touched under `lock`.
        private let lock = NSLock()
        private var lines: [String] = []

        func writeKeyLogLine(_ line: String) {
            lock.lock()
            lines.append(line)
            lock.unlock()
        }

        /// The key log's text.
        var text: String {
            lock.lock()
            defer { lock.unlock() }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    /// The device's TLS identity (what the AuthResponse signature must cover).
    let tlsCertificate: DeviceCertificate
    private let client: TLSConnection
    private let server: TLSConnection
    private let keys = KeyLines()
    private(set) var packets: [[UInt8]] = []
    private var clientSequence: UInt32 = 1000
    private var serverSequence: UInt32 = 5000

    /// Connects and completes a handshake of `version`, the device's certificate valid from `now`.
    /// The server's TCP port (8009: Cast).
    let serverPort: UInt16
    /// The client's TCP port (another one makes another connection in the same capture).
    let clientPort: UInt16

    init(version: TLSVersion, now: Date, serverPort: UInt16 = 8009, clientPort: UInt16 = 40000,
         certificate: DeviceCertificate? = nil) throws {
        self.serverPort = serverPort
        self.clientPort = clientPort
        tlsCertificate = try certificate ?? DeviceCertificate.generateSelfSigned(
            commonName: "tls-device", key: try TestKeys.rsa2048(named: "tls-device"), now: now)
        client = try TLSConnection(context: TLSContext(
            configuration: .client(minimumVersion: version, maximumVersion: version, keyLog: keys)))
        server = try TLSConnection(context: TLSContext(
            configuration: .server(certificate: tlsCertificate, minimumVersion: version, maximumVersion: version)))
        packets.append(segment(fromClient: true, flags: 0x02))
        packets.append(segment(fromClient: false, flags: 0x12))
        clientSequence += 1
        serverSequence += 1
        _ = client.handshake()
        for _ in 0..<16 {
            let toServer = client.takeCiphertext()
            let toClient = server.takeCiphertext()
            if toServer.isEmpty && toClient.isEmpty { break }
            record(toServer, fromClient: true)
            record(toClient, fromClient: false)
            server.feed(ciphertext: toServer)
            client.feed(ciphertext: toClient)
            _ = server.handshake()
            _ = client.handshake()
        }
    }

    /// The client's key log, as `--keylog` would read it.
    var keyLogText: String { keys.text }

    /// Sends `plaintext` (Cast frames) from one side; the other side reads it, as a live peer would.
    func send(_ plaintext: [UInt8], fromClient: Bool) {
        let (sender, receiver) = fromClient ? (client, server) : (server, client)
        _ = sender.write(plaintext)
        let ciphertext = sender.takeCiphertext()
        record(ciphertext, fromClient: fromClient)
        receiver.feed(ciphertext: ciphertext)
        _ = receiver.read()
    }

    /// Runs every packet, all at `time`, through an inspector with `options` (give it `keyLogText`).
    func inspect(at time: Date, options: InspectOptions) -> (events: [InspectEvent], connections: [ConnectionSummary]) {
        var events: [InspectEvent] = []
        let inspector = Inspector(options: options) { events.append($0) }
        let stamp = LogTimestamp(seconds: Int64(time.timeIntervalSince1970), microseconds: 0)
        for (index, packet) in packets.enumerated() {
            inspector.process(CapturedPacket(number: index + 1, time: stamp, linkType: .ethernet, bytes: packet,
                                             originalLength: packet.count))
        }
        _ = inspector.finish()
        return (events, inspector.connections)
    }

    /// TCP segments of at most 1400 bytes carrying `bytes` in one direction.
    private func record(_ bytes: [UInt8], fromClient: Bool) {
        var start = 0
        while start < bytes.count {
            let end = min(start + 1400, bytes.count)
            packets.append(segment(fromClient: fromClient, payload: Array(bytes[start..<end])))
            if fromClient { clientSequence &+= UInt32(end - start) } else { serverSequence &+= UInt32(end - start) }
            start = end
        }
    }

    private func segment(fromClient: Bool, flags: UInt8 = 0x18, payload: [UInt8] = []) -> [UInt8] {
        InspectorPacketTests.segment(
            fromClient: fromClient, sequence: fromClient ? clientSequence : serverSequence, flags: flags,
            payload: payload, serverPort: serverPort, clientPort: clientPort)
    }
}
