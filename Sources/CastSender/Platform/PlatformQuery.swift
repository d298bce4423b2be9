import CastChannel
import CastDiscovery
import CastJSON
import CastLog
import CastNet
import CastTLS
import CastWire

/// One short-lived channel to a device's `receiver-0` for `CastPlatformClient`: connect, TLS, device
/// authentication (unless off), CONNECT, every question at once, the answers, CLOSE. Confined to the client's
/// event loop; `completion` runs exactly once.
final class PlatformQuery: CastSocketDelegate, @unchecked Sendable {
    // @unchecked Sendable: confined to the loop; Sendable so clock timers and loop tasks can call back.

    /// Receives the answers, once.
    var completion: ((PlatformAnswers) -> Void)?
    let device: Device
    private let questions: [PlatformQuestion]
    private let options: CastOptions
    private let tls: TLSContext
    private let clock: any ProtocolClock
    private let timeout: Duration
    private let eventLoop: EventLoop
    private let transportFactory: CastSession.TransportFactory
    private let log: LogCategory
    private var socket: CastSocket?
    private var deviceAuth: DeviceAuthHandler?
    private var timer: (any Cancellable)?
    private var connected = false
    private var finished = false
    private var replies: [JSONValue?]

    init(
        device: Device, questions: [PlatformQuestion], options: CastOptions, tls: TLSContext, clock: any ProtocolClock,
        timeout: Duration, eventLoop: EventLoop, transportFactory: @escaping CastSession.TransportFactory,
        log: LogCategory
    ) {
        self.device = device
        self.questions = questions
        self.options = options
        self.tls = tls
        self.clock = clock
        self.timeout = timeout
        self.eventLoop = eventLoop
        self.transportFactory = transportFactory
        self.log = log
        replies = Array(repeating: nil, count: questions.count)
    }

    /// `HOST:PORT` of the device.
    var peer: String { device.endpointDescription }

    /// The request id of question `index` (1-based: 0 is what unsolicited messages carry).
    private func requestID(_ index: Int) -> Int64 { Int64(index + 1) }

    /// Starts the timeout and the connection.
    func start() {
        timer = clock.schedule(after: timeout) { [self] in
            eventLoop.runOnLoop { self.finish("no answer within \(self.timeout)") }
        }
        transportFactory(device, eventLoop) { [self] result in
            switch result {
            case .success(let transport):
                guard !finished else {
                    transport.close()
                    return
                }
                do throws(TLSError) {
                    let socket = try CastSocket(transport: transport, security: .tls(tls))
                    socket.log = options.log.channel
                    self.socket = socket
                    socket.delegate = self
                    socket.start()
                } catch {
                    transport.close()
                    finish("TLS: \(error)")
                }
            case .failure(let error):
                finish(error.message.isEmpty ? error.description : error.message)
            }
        }
    }

    /// Gives up at once.
    func cancel() { finish("cancelled") }

    func castSocketDidOpen(_ socket: CastSocket) {
        guard options.deviceAuthentication else {
            send(on: socket)
            return
        }
        guard let verifier = options.deviceAuthVerifier else {
            finish("device authentication: no Cast trust store configured (--trust-root), "
                   + "or turn it off with --insecure-skip-auth")
            return
        }
        let handler = DeviceAuthHandler(verifier: verifier, clock: clock, timeout: timeout)
        deviceAuth = handler
        handler.authenticate(socket) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success: send(on: socket)
            case .failure(let error): finish("device authentication failed: \(error)")
            }
        }
    }

    func castSocket(_ socket: CastSocket, didReceive message: CastMessage) {
        let namespace = CastNamespace(rawValue: message.namespace)
        switch namespace {
        case .deviceAuth:
            deviceAuth?.handle(message, from: socket)
        case .heartbeat:
            // A device may PING while we wait; answering keeps it from closing on us.
            if message.payloadUTF8?.contains("\"PING\"") == true {
                try? socket.send(CastMessage(sourceID: message.destinationID, destinationID: message.sourceID,
                                             namespace: message.namespace, json: HeartbeatMessage(type: .pong).jsonText))
            }
        case .connection:
            guard message.sourceID == CastEndpointID.platformReceiver,
                message.payloadUTF8.flatMap({ try? ConnectionMessage(jsonText: $0) })?.type == .close
            else { return }
            connected = false
            finish("receiver-0 closed the virtual connection before answering")
        default:
            guard let text = message.payloadUTF8, let json = try? JSONValue(parsing: text) else { return }
            for (index, question) in questions.enumerated()
            where replies[index] == nil && question.namespace == namespace
                && (Self.isReply(message, json: json, senderID: options.senderID, requestID: requestID(index),
                                 replyTypes: question.replyTypes)
                    || Self.isUnsolicitedAnswer(message, json: json, senderID: options.senderID, question: question)) {
                log.verbose("received \(text)", metadata(index))
                replies[index] = json
            }
            if !replies.contains(where: { $0 == nil }) { finish(nil) }
        }
    }

    func castSocket(_ socket: CastSocket, didCloseWith reason: CastCloseReason) {
        connected = false
        finish("channel closed: \(reason)")
    }

    /// Log fields of question `index`.
    func metadata(_ index: Int) -> LogMetadata {
        [
            "cast.device": .string(device.deviceID), "net.peer": .string(peer),
            "cast.ns": .string(questions[index].namespace.rawValue), "cast.request_id": .int(requestID(index)),
        ]
    }

    /// CONNECT to receiver-0, then every question.
    private func send(on socket: CastSocket) {
        guard !finished else { return }
        do throws(CastSocketError) {
            try socket.send(ConnectionHandler.connectMessage(from: options.senderID,
                                                             to: CastEndpointID.platformReceiver))
            connected = true
            for (index, question) in questions.enumerated() {
                var payload = question.payload
                payload[CastPayloadField.requestID] = .int(requestID(index))
                let text = JSONValue.object(payload).serialized()
                log.verbose("send \(text)", metadata(index))
                try socket.send(CastMessage(sourceID: options.senderID, destinationID: CastEndpointID.platformReceiver,
                                            namespace: question.namespace.rawValue, json: text))
            }
        } catch {
            finish("send failed: \(error)")
        }
    }

    /// Whether a message answers a question: from receiver-0, addressed to this sender, with its requestId and a
    /// reply type (`type`, or `responseType` as devices send for GET_APP_AVAILABILITY). A broadcast or a message
    /// for another sender that happens to carry the same id does not.
    static func isReply(_ message: CastMessage, json: JSONValue, senderID: String, requestID: Int64,
                        replyTypes: Set<String>) -> Bool {
        guard message.sourceID == CastEndpointID.platformReceiver, message.destinationID == senderID,
            json.castRequestID == requestID
        else { return false }
        let types = [json.castMessageType?.rawValue, json["responseType"]?.stringValue].compactMap { $0 }
        return types.contains(where: replyTypes.contains)
    }

    /// An unsolicited message from receiver-0, to this sender or to everyone, that the question takes as its answer.
    static func isUnsolicitedAnswer(_ message: CastMessage, json: JSONValue, senderID: String,
                                    question: PlatformQuestion) -> Bool {
        guard let accepts = question.alsoAnsweredBy, message.sourceID == CastEndpointID.platformReceiver,
            message.destinationID == senderID || message.destinationID == CastEndpointID.broadcast
        else { return false }
        return accepts(json)
    }

    /// Ends the query once: CLOSE and close the channel, then report.
    private func finish(_ failure: String?) {
        guard !finished else { return }
        finished = true
        timer?.cancel()
        timer = nil
        if let socket {
            if connected, socket.state == .open {
                try? socket.send(ConnectionHandler.closeMessage(from: options.senderID,
                                                                to: CastEndpointID.platformReceiver))
            }
            connected = false
            deviceAuth?.socketClosed(socket)
            socket.close()
        }
        let callback = completion
        completion = nil
        callback?(PlatformAnswers(replies: replies, failure: failure))
    }
}
