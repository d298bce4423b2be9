import CastChannel
import CastNet
import CastReceiver
import CastTLS
import CastTestSupport
import CastWire
import Foundation
import Synchronization
import Testing

/// The emulator's device-auth answers checked by the channel's sender-side `DeviceAuthHandler`, with the test chain
/// that scripts/gen-test-chain wrote for CastTLSTests (root → intermediate → device).
@Suite struct DeviceAuthInteropTests {
    static let chainDirectory = PythonPeer.repositoryRoot + "/Tests/CastTLSTests/Fixtures/chain"

    static func read(_ name: String) throws -> String {
        try String(contentsOfFile: chainDirectory + "/" + name, encoding: .utf8)
    }

    /// Runs one authentication over a fresh TLS channel to an emulator signing with `signer`.
    static func authenticate(signer: DeviceAuthSigner?, trusting rootFile: String) async throws
        -> Result<DeviceAuthVerifier.Result, DeviceAuthError>
    {
        let harness = try EmulatorHarness(customize: { $0.deviceAuthSigner = signer })
        defer { harness.shutdown() }
        let verifier = DeviceAuthVerifier(trustStore: try CastTrustStore(pem: try read(rootFile)))
        let handler = DeviceAuthHandler(verifier: verifier, clock: SystemClock(eventLoop: harness.clientLoop))
        let client = AuthClient(handler: handler)
        let clientTLS = harness.clientTLS
        let opened = Mutex<CastSocket?>(nil)
        // Resumed once: by the authentication's result, or by the channel closing before there was one (a
        // handshake that failed or timed out on a loaded machine must fail the test, not hang it). The TLS
        // handshake starts in the connect's completion, on the loop, not after this task is scheduled again.
        let resumed = Mutex(false)
        let result = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<Result<DeviceAuthVerifier.Result, DeviceAuthError>, any Error>) in
            @Sendable func finish(_ outcome: Result<Result<DeviceAuthVerifier.Result, DeviceAuthError>, any Error>) {
                guard resumed.withLock({ done in defer { done = true }; return !done }) else { return }
                continuation.resume(with: outcome)
            }
            TCPConnection.connect(to: harness.address, on: harness.clientLoop) { connected in
                do {
                    let socket = try CastSocket(
                        transport: TCPTransport(connection: try connected.get()), security: .tls(clientTLS))
                    opened.withLock { $0 = socket }
                    client.onOpen = { socket in
                        handler.authenticate(socket) { finish(.success($0)) }
                    }
                    client.onClose = { reason in
                        finish(.failure(ChannelClosedBeforeAuthentication(reason: "\(reason)")))
                    }
                    socket.delegate = client
                    socket.start()
                } catch {
                    finish(.failure(error))
                }
            }
        }
        if let socket = opened.withLock({ $0 }) { harness.clientLoop.execute { socket.close() } }
        return result
    }

    @Test func senderVerifiesTheEmulatorSignedWithTheTestChain() async throws {
        let signer = DeviceAuthSigner(
            deviceCertificate: try X509Certificate(pem: try Self.read("device.pem")),
            privateKey: try PrivateKey(pem: try Self.read("device-key.pem")),
            intermediates: try X509Certificate.certificates(fromPEM: try Self.read("intermediate.pem")))
        let result = try await Self.authenticate(signer: signer, trusting: "root.pem")
        guard case .success(let verified) = result else {
            Issue.record("device auth failed: \(result)")
            return
        }
        #expect(verified.deviceCertificate.derBytes == signer.deviceCertificate.derBytes)
    }

    @Test func withoutAChainTheSenderRejectsTheSelfSignedIdentity() async throws {
        let result = try await Self.authenticate(signer: nil, trusting: "root.pem")
        guard case .failure(let error) = result else {
            Issue.record("a self-signed device identity must not verify against the test root")
            return
        }
        #expect(error.description.isEmpty == false)
    }
}

/// The channel closed before device authentication gave a result.
private struct ChannelClosedBeforeAuthentication: Error, CustomStringConvertible {
    let reason: String
    var description: String { "the channel closed before device authentication finished: \(reason)" }
}

/// Hands device-auth replies to the handler and reports the channel opening and closing.
private final class AuthClient: CastSocketDelegate, @unchecked Sendable {
    let handler: DeviceAuthHandler
    var onOpen: (CastSocket) -> Void = { _ in }
    var onClose: (CastCloseReason) -> Void = { _ in }

    init(handler: DeviceAuthHandler) { self.handler = handler }

    func castSocketDidOpen(_ socket: CastSocket) { onOpen(socket) }

    func castSocket(_ socket: CastSocket, didReceive message: CastMessage) {
        if message.namespace == CastNamespace.deviceAuth.rawValue { handler.handle(message, from: socket) }
    }

    func castSocket(_ socket: CastSocket, didCloseWith reason: CastCloseReason) {
        handler.socketClosed(socket)
        onClose(reason)
    }
}
