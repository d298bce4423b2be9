import CastChannel
import CastTLS
import CastTestKit
import CastWire
import Foundation
import Testing

/// Records a socket's events, and optionally answers messages.
final class RecordingSocketDelegate: CastSocketDelegate {
    var openCount = 0
    var messages: [CastMessage] = []
    var closeReasons: [CastCloseReason] = []
    /// Where received messages go next (a router), if anywhere.
    var forward: (any CastMessageHandler)?

    func castSocketDidOpen(_ socket: CastSocket) { openCount += 1 }

    func castSocket(_ socket: CastSocket, didReceive message: CastMessage) {
        messages.append(message)
        forward?.handle(message, from: socket)
    }

    func castSocket(_ socket: CastSocket, didCloseWith reason: CastCloseReason) { closeReasons.append(reason) }
}

/// Sender and receiver sockets over one in-memory pair, with real TLS.
struct MemoryChannel {
    let pair: InMemoryTransportPair
    let client: CastSocket
    let server: CastSocket
    let clientEvents = RecordingSocketDelegate()
    let serverEvents = RecordingSocketDelegate()

    /// Builds and starts both sides; call `pump()` to let them talk.
    init(
        serverSecurity: CastSocketSecurity? = nil, clientSecurity: CastSocketSecurity? = nil,
        labels: (client: String, server: String) = ("memory-client", "memory-server")
    ) throws {
        pair = InMemoryTransportPair(clientLabel: labels.client, serverLabel: labels.server)
        client = try CastSocket(
            transport: pair.client, security: clientSecurity ?? .tls(try ChannelFixtures.clientContext()))
        server = try CastSocket(
            transport: pair.server, security: serverSecurity ?? .tls(try ChannelFixtures.serverContext()))
        client.delegate = clientEvents
        server.delegate = serverEvents
        server.start()
        client.start()
    }

    /// Moves bytes until both sides are quiet.
    func pump() { pair.pump() }
}

/// Certificates and TLS contexts shared by the tests (key generation is slow, so each is made once).
enum ChannelFixtures {
    /// The receiver's short-lived TLS certificate (EC for speed; device auth signs with the RSA fixture key).
    static let tlsCertificate: Result<DeviceCertificate, CertificateError> = Result {
        () throws(CertificateError) in
        try DeviceCertificate.generateSelfSigned(commonName: "castscope-test", keyType: .ecP256)
    }

    static func serverContext() throws -> TLSContext {
        try TLSContext(configuration: .server(certificate: tlsCertificate.get()))
    }

    static func clientContext() throws -> TLSContext {
        try TLSContext(configuration: .client())
    }

    /// The text of `Fixtures/chain/<name>`.
    static func chainFile(_ name: String) throws -> String {
        guard let url = Bundle.module.url(forResource: "Fixtures/chain/\(name)", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "fixture \(name) missing"])
        }
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The fixture device identity: device certificate and key, intermediate.
    static func signer() throws -> DeviceAuthSigner {
        try DeviceAuthSigner(
            deviceCertificate: X509Certificate(pem: chainFile("device.pem")),
            privateKey: PrivateKey(pem: chainFile("device-key.pem")),
            intermediates: [X509Certificate(pem: chainFile("intermediate.pem"))])
    }

    /// A trust store holding the fixture root (or `other-root.pem`).
    static func trustStore(root: String = "root.pem") throws -> CastTrustStore {
        try CastTrustStore(pem: chainFile(root))
    }

    /// A STRING message.
    static func json(
        _ text: String, namespace: CastNamespace = .receiver, from source: String = "sender-0",
        to destination: String = "receiver-0"
    ) -> CastMessage {
        CastMessage(sourceID: source, destinationID: destination, namespace: namespace.rawValue, json: text)
    }

    /// A frame's bytes.
    static func frame(_ message: CastMessage) throws -> [UInt8] {
        try CastFrameEncoder.encode(message)
    }
}
