public import CastChannel
public import CastJSON
import CastLog
public import CastNet
public import CastTLS
public import CastWire

/// A minimal sender over a `CastSocket` for exercising an emulator (load tests, benchmarks, garbage tests):
/// `request` sends a JSON message with the next requestId and returns the reply carrying it.
///
/// It answers device PINGs with PONG. Every method hops onto the probe's event loop; replies for a request that
/// timed out or arrive after close are dropped. Not a sender stack: no discovery, no device auth, no sessions.
public final class ReceiverProbe: CastSocketDelegate, @unchecked Sendable {
    // @unchecked Sendable: `socket`, `pending` and the counters are touched only on `eventLoop`.

    /// The loop the socket runs on.
    public let eventLoop: EventLoop
    /// The sender id it uses as source.
    public let senderID: String
    private let socket: CastSocket
    private var nextRequestID: Int64 = 1
    private var pending: [Int64: (continuation: CheckedContinuation<JSONValue?, Never>, timer: ScheduledTask?)] = [:]
    private var openContinuation: CheckedContinuation<Opening, Never>?
    /// Holds the probe until `open` has its answer: the socket keeps its delegate only weakly.
    private var heldWhileOpening: ReceiverProbe?
    /// Every message received that answered no request (broadcasts, PINGs, CLOSE…), counted.
    public private(set) var unsolicitedCount = 0
    /// Called on the loop for every received message.
    public var onMessage: (@Sendable (CastMessage) -> Void)?
    /// Why the channel closed, once it has (loop thread).
    public private(set) var closeReason: String?
    /// The common name of the certificate the device presented (set before `open` returns).
    public private(set) var peerCertificateName: String?

    private init(socket: CastSocket, eventLoop: EventLoop, senderID: String) {
        self.socket = socket
        self.eventLoop = eventLoop
        self.senderID = senderID
    }

    /// Connects over TCP and TLS to `address`; nil when TCP or TLS fails.
    public static func connect(
        to address: SocketAddress, on loop: EventLoop, tls: TLSContext,
        senderID: String = "sender-0", timeout: Duration = .seconds(10)
    ) async -> ReceiverProbe? {
        try? await open(to: address, on: loop, tls: tls, senderID: senderID, timeout: timeout)
    }

    /// Connects over TCP and TLS to `address` within `timeout` for each of TCP and TLS, or says why it could not.
    ///
    /// The ClientHello goes out in the connect's completion on the loop: had it waited for the awaiting task to be
    /// scheduled again, a busy process could keep an accepted connection silent past the device's handshake timeout.
    public static func open(
        to address: SocketAddress, on loop: EventLoop, tls: TLSContext,
        senderID: String = "sender-0", timeout: Duration = .seconds(10)
    ) async throws(ReceiverProbeError) -> ReceiverProbe {
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Opening, Never>) in
            TCPConnection.connect(to: address, on: loop, timeout: timeout) { result in
                let connection: TCPConnection
                switch result {
                case .success(let established): connection = established
                case .failure(let error):
                    continuation.resume(returning: .failed("TCP connect to \(address): \(error)"))
                    return
                }
                let socket: CastSocket
                do throws(TLSError) {
                    socket = try CastSocket(transport: TCPTransport(connection: connection), security: .tls(tls))
                } catch {
                    connection.close()
                    continuation.resume(returning: .failed("TLS setup: \(error)"))
                    return
                }
                let probe = ReceiverProbe(socket: socket, eventLoop: loop, senderID: senderID)
                probe.openContinuation = continuation
                probe.heldWhileOpening = probe
                socket.delegate = probe
                socket.start(handshakeTimeout: timeout, clock: SystemClock(eventLoop: loop))
            }
        }
        switch outcome {
        case .opened(let probe): return probe
        case .failed(let description): throw ReceiverProbeError(description: description)
        case .closed(let reason):
            throw ReceiverProbeError(description: "channel to \(address) closed before opening: \(reason ?? "?")")
        }
    }

    /// How `open` ended.
    private enum Opening: Sendable {
        case opened(ReceiverProbe)
        case closed(String?)
        case failed(String)
    }

    /// Sends `payload` on `namespace` to `destination` with the next requestId and waits for the reply with that
    /// requestId; nil after `timeout` or when the channel closes.
    public func request(
        _ namespace: CastNamespace, _ payload: JSONObject, to destination: String = "receiver-0",
        timeout: Duration = .seconds(10)
    ) async -> JSONValue? {
        await withCheckedContinuation { continuation in
            eventLoop.execute { [self] in
                let requestID = nextRequestID
                nextRequestID += 1
                var object = payload
                object["requestId"] = .int(requestID)
                pending[requestID] = (continuation, nil)
                let message = CastMessage(
                    sourceID: senderID, destinationID: destination,
                    namespace: namespace.rawValue, json: JSONValue.object(object).serialized())
                do throws(CastSocketError) {
                    try socket.send(message)
                } catch {
                    pending[requestID] = nil
                    continuation.resume(returning: nil)
                    return
                }
                pending[requestID]?.timer = eventLoop.scheduleTask(in: timeout) { [self] in
                    pending.removeValue(forKey: requestID)?.continuation.resume(returning: nil)
                }
            }
        }
    }

    /// Sends a message without waiting for anything (CONNECT, CLOSE, garbage).
    public func send(_ message: CastMessage) {
        eventLoop.execute { [self] in try? socket.send(message) }
    }

    /// Sends a STRING message with `json` text from this probe's sender id.
    public func send(_ namespace: String, text: String, to destination: String = "receiver-0") {
        send(CastMessage(sourceID: senderID, destinationID: destination, namespace: namespace, json: text))
    }

    /// Writes bytes into the TLS stream as they are (bad frames).
    public func sendRaw(_ bytes: [UInt8]) {
        eventLoop.execute { [self] in try? socket.sendUnframed(bytes) }
    }

    /// Closes the channel.
    public func close() {
        eventLoop.execute { [self] in socket.close() }
    }

    /// True once the channel has closed (asked on the loop).
    public func isClosed() async -> Bool {
        (try? await eventLoop.submit { self.closeReason != nil }) ?? true
    }

    /// Resumes `connect` with success.
    public func castSocketDidOpen(_ socket: CastSocket) {
        peerCertificateName = socket.peerCertificate?.subjectCommonName
        openContinuation?.resume(returning: .opened(self))
        openContinuation = nil
        heldWhileOpening = nil
    }

    /// Answers PINGs, resumes the request a reply belongs to, counts the rest.
    public func castSocket(_ socket: CastSocket, didReceive message: CastMessage) {
        onMessage?(message)
        if message.namespace == CastNamespace.heartbeat.rawValue, message.payloadUTF8?.contains("\"PING\"") == true {
            try? socket.send(
                CastMessage(
                    sourceID: message.destinationID == "*" ? senderID : message.destinationID,
                    destinationID: message.sourceID, namespace: message.namespace,
                    json: HeartbeatMessage(type: .pong).jsonText))
            return
        }
        guard let text = message.payloadUTF8, let json = try? JSONValue(parsing: text),
            let requestID = json.castRequestID, requestID != 0,
            let entry = pending.removeValue(forKey: requestID)
        else {
            unsolicitedCount += 1
            return
        }
        entry.timer?.cancel()
        entry.continuation.resume(returning: json)
    }

    /// Records why, and resumes every waiting request (and a pending `connect`) with nil.
    public func castSocket(_ socket: CastSocket, didCloseWith reason: CastCloseReason) {
        closeReason = reason.description
        openContinuation?.resume(returning: .closed(closeReason))
        openContinuation = nil
        heldWhileOpening = nil
        let waiting = pending
        pending = [:]
        for entry in waiting.values {
            entry.timer?.cancel()
            entry.continuation.resume(returning: nil)
        }
    }
}

/// Why `ReceiverProbe.open` failed.
public struct ReceiverProbeError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, with the underlying error.
    public var description: String
}
