import CastLog
public import CastNet
public import CastTLS
public import CastWire
public import Foundation

/// Sender side of device authentication (protocol.md §2.5): after TLS, challenges `receiver-0` on the deviceauth
/// namespace and verifies the reply against a trust store and the peer's TLS certificate, within a timeout.
///
/// Usage: register it for `.deviceAuth`, call `authenticate(_:completion:)` once the socket is open, and
/// `socketClosed(_:)` when it ends. The completion runs exactly once per `authenticate` call. On failure the
/// socket is closed with `.authentication(error)` unless `closesSocketOnFailure` is false.
public final class DeviceAuthHandler: CastMessageHandler, @unchecked Sendable {
    // @unchecked Sendable: confined to one executor (design.md); Sendable so clock timers can call back.

    /// What `authenticate` reports.
    public typealias Completion = (Result<DeviceAuthVerifier.Result, DeviceAuthError>) -> Void

    private struct Pending {
        var socket: CastSocket
        var challenge: DeviceAuthChallenge
        var completion: Completion
        var timer: (any Cancellable)?
    }

    /// The checks applied to replies.
    public var verifier: DeviceAuthVerifier
    /// The clock for the timeout.
    public let clock: any ProtocolClock
    /// How long to wait for the reply (Chromium allows its whole 10 s connect budget).
    public var timeout: Duration
    /// Close the socket when authentication fails (default true, as Chromium does).
    public var closesSocketOnFailure = true
    /// Wall-clock time for certificate validity checks; injectable for tests.
    public var currentDate: @Sendable () -> Date = { Date() }

    /// Sees every reply to a pending challenge before it is verified (`castscope auth check` reports it in full).
    public var replyObserver: ((_ reply: DeviceAuthReply, _ challenge: DeviceAuthChallenge, _ peerCertificateDER: [UInt8]?) -> Void)?

    private var pending: [Int: Pending] = [:]

    /// A handler verifying with `verifier`.
    public init(verifier: DeviceAuthVerifier, clock: any ProtocolClock, timeout: Duration = .seconds(10)) {
        self.verifier = verifier
        self.clock = clock
        self.timeout = timeout
    }

    /// Sends a fresh challenge on `socket` and reports the verified device certificate or the failure.
    public func authenticate(
        _ socket: CastSocket, challenge: DeviceAuthChallenge? = nil, completion: @escaping Completion
    ) {
        let sent: DeviceAuthChallenge
        do {
            sent = try challenge ?? DeviceAuthChallenge.generate()
        } catch {
            fail(socket, DeviceAuthError(.challengeNotSent("\(error)")), completion)
            return
        }
        let message = CastMessage(
            sourceID: CastEndpointID.platformSender, destinationID: CastEndpointID.platformReceiver,
            namespace: CastNamespace.deviceAuth.rawValue, binary: DeviceAuthCoding.encode(sent))
        do throws(CastSocketError) {
            try socket.send(message)
        } catch {
            fail(socket, DeviceAuthError(.challengeNotSent(error.description)), completion)
            return
        }
        socket.log.deviceAuth.debug(
            "challenge sent (\(sent.hashAlgorithm.description))", ChannelLog.metadata(message, peer: socket.peer))
        finish(socket.id, with: nil)  // a second authenticate replaces the first, which is reported as closed
        let socketID = socket.id
        let timer = clock.schedule(after: timeout) { [weak self] in
            self?.finish(socketID, with: .failure(DeviceAuthError(.timedOut)))
        }
        pending[socketID] = Pending(socket: socket, challenge: sent, completion: completion, timer: timer)
    }

    /// Verifies a reply to the pending challenge on `socket`; replies nobody waits for are logged and dropped.
    public func handle(_ message: CastMessage, from socket: CastSocket) {
        guard let entry = pending[socket.id] else {
            socket.log.deviceAuth.debug(
                "device-auth message without a pending challenge dropped",
                ChannelLog.metadata(message, peer: socket.peer))
            return
        }
        do throws(DeviceAuthError) {
            let reply = try DeviceAuthCoding.reply(from: message)
            replyObserver?(reply, entry.challenge, socket.peerCertificate?.derBytes)
            let result: DeviceAuthVerifier.Result
            do throws(ChallengeReplyError) {
                result = try verifier.verify(
                    reply, challenge: entry.challenge, peerCertificateDER: socket.peerCertificate?.derBytes,
                    now: currentDate())
            } catch {
                throw DeviceAuthError(.reply(error))
            }
            socket.log.deviceAuth.info(
                "device authenticated: \(result.deviceCertificate.subjectCommonName ?? "?") (policy \(result.policy.rawValue))",
                ChannelLog.metadata(message, peer: socket.peer))
            if result.hashAlgorithm == .sha1 {
                // Accepted as Chromium does without CastSHA256Enforced, but worth seeing: SHA-1 is what old firmware sends.
                socket.log.deviceAuth.warning(
                    "the device signed with SHA-1 although SHA-256 was asked for (accepted, as Chrome does)",
                    ChannelLog.metadata(message, peer: socket.peer))
            }
            finish(socket.id, with: .success(result))
        } catch {
            finish(socket.id, with: .failure(error))
        }
    }

    /// Fails a pending challenge on a socket that closed.
    public func socketClosed(_ socket: CastSocket) {
        finish(socket.id, with: .failure(DeviceAuthError(.channelClosed)))
    }

    /// Ends the pending challenge of `socketID` once; `nil` result means "replaced" and reports `channelClosed`.
    private func finish(_ socketID: Int, with result: Result<DeviceAuthVerifier.Result, DeviceAuthError>?) {
        guard let entry = pending.removeValue(forKey: socketID) else { return }
        entry.timer?.cancel()
        switch result ?? .failure(DeviceAuthError(.channelClosed)) {
        case .success(let value):
            entry.completion(.success(value))
        case .failure(let error):
            fail(entry.socket, error, entry.completion)
        }
    }

    private func fail(_ socket: CastSocket, _ error: DeviceAuthError, _ completion: Completion) {
        socket.log.deviceAuth.info(
            "device authentication failed: \(error.description)", ["net.peer": .string(socket.peer)])
        completion(.failure(error))
        // A socket that already closed (or a replaced challenge) needs no closing.
        if case .channelClosed = error.kind { return }
        if closesSocketOnFailure { socket.close(.authentication(error)) }
    }
}
