import CastChannel
import CastDiscovery
import CastJSON
import CastLog
import CastNet
import CastTLS
import CastWire

/// One GET_APP_AVAILABILITY check of `CastAppAvailabilityChecker`: connect, TLS, device authentication, CONNECT,
/// the request, the answer, CLOSE. Confined to the checker's event loop; `completion` runs exactly once.
final class AppAvailabilityProbe: CastSocketDelegate, @unchecked Sendable {
    // @unchecked Sendable: confined to the loop; Sendable so clock timers and loop tasks can call back.

    /// Receives the result, once.
    var completion: ((AppAvailabilityResult) -> Void)?
    private let device: Device
    private let appIDs: [String]
    private let options: CastOptions
    private let tls: TLSContext
    private let clock: any ProtocolClock
    private let timeout: Duration
    private let eventLoop: EventLoop
    private let transportFactory: CastSession.TransportFactory
    private var socket: CastSocket?
    private var deviceAuth: DeviceAuthHandler?
    private var timer: (any Cancellable)?
    private var connected = false
    private var finished = false
    /// The only request on this channel.
    private let requestID: Int64 = 1

    init(
        device: Device, appIDs: [String], options: CastOptions, tls: TLSContext, clock: any ProtocolClock, timeout: Duration,
        eventLoop: EventLoop, transportFactory: @escaping CastSession.TransportFactory
    ) {
        self.device = device
        self.appIDs = appIDs
        self.options = options
        self.tls = tls
        self.clock = clock
        self.timeout = timeout
        self.eventLoop = eventLoop
        self.transportFactory = transportFactory
    }

    private var peer: String {
        guard let address = device.networkAddress else { return "-:\(device.servicePort)" }
        return address.isIPv4 ? "\(address):\(device.servicePort)" : "[\(address)]:\(device.servicePort)"
    }

    private var metadata: LogMetadata {
        [
            "cast.device": .string(device.deviceID), "net.peer": .string(peer),
            "cast.ns": .string(CastNamespace.receiver.rawValue), "cast.request_id": .int(requestID),
        ]
    }

    /// Starts the timeout and the connection.
    func start() {
        timer = clock.schedule(after: timeout) { [self] in
            eventLoop.runOnLoop { self.finish(.unreachable(reason: "no answer within \(self.timeout)")) }
        }
        options.log.receiverControlChannel.debug(
            "checking \(appIDs.joined(separator: ",")) on \(device.friendlyName) at \(peer)", metadata)
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
                    finish(.unreachable(reason: "TLS: \(error)"))
                }
            case .failure(let error):
                finish(.unreachable(reason: error.message.isEmpty ? error.description : error.message))
            }
        }
    }

    /// Gives up at once.
    func cancel() { finish(.unreachable(reason: "cancelled")) }

    func castSocketDidOpen(_ socket: CastSocket) {
        guard options.deviceAuthentication else {
            send(on: socket)
            return
        }
        guard let verifier = options.deviceAuthVerifier else {
            finish(.unreachable(reason: "device authentication: no Cast trust store configured (--trust-root), "
                                + "or turn it off with --insecure-skip-auth"))
            return
        }
        let handler = DeviceAuthHandler(verifier: verifier, clock: clock,
                                        timeout: timeout)
        deviceAuth = handler
        handler.authenticate(socket) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success: send(on: socket)
            case .failure(let error): finish(.unreachable(reason: "device authentication failed: \(error)"))
            }
        }
    }

    func castSocket(_ socket: CastSocket, didReceive message: CastMessage) {
        switch CastNamespace(rawValue: message.namespace) {
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
            finish(.unreachable(reason: "receiver-0 closed the virtual connection before answering"))
        case .receiver:
            guard let text = message.payloadUTF8, let json = try? JSONValue(parsing: text),
                Self.isReply(message, json: json, senderID: options.senderID, requestID: requestID)
            else { return }
            options.log.receiverControlChannel.verbose("received \(text)", metadata)
            finish(result(of: json))
        default:
            return
        }
    }

    func castSocket(_ socket: CastSocket, didCloseWith reason: CastCloseReason) {
        connected = false
        finish(.unreachable(reason: "channel closed: \(reason)"))
    }

    /// CONNECT to receiver-0, then GET_APP_AVAILABILITY for every id at once.
    private func send(on socket: CastSocket) {
        guard !finished else { return }
        var request = ReceiverRequest(type: .getAppAvailability, requestID: requestID)
        request.appIDs = appIDs
        let text = request.jsonText
        do throws(CastSocketError) {
            try socket.send(ConnectionHandler.connectMessage(from: options.senderID,
                                                             to: CastEndpointID.platformReceiver))
            connected = true
            options.log.receiverControlChannel.verbose("send \(text)", metadata)
            try socket.send(CastMessage(sourceID: options.senderID, destinationID: CastEndpointID.platformReceiver,
                                        namespace: CastNamespace.receiver.rawValue, json: text))
        } catch {
            finish(.unreachable(reason: "send failed: \(error)"))
        }
    }

    /// Types that answer GET_APP_AVAILABILITY: the availability itself, or an error reply.
    static let replyTypes: Set<String> =
        Set([CastMessageType.getAppAvailability.rawValue] + CastErrorResponse.types.map(\.rawValue))

    /// Whether a receiver-namespace message answers our request: from receiver-0, addressed to this sender, with
    /// our requestId and a reply type (`type`, or `responseType` as devices send for GET_APP_AVAILABILITY). A
    /// broadcast or a message for another sender that happens to carry the same id does not end the check.
    static func isReply(_ message: CastMessage, json: JSONValue, senderID: String, requestID: Int64) -> Bool {
        guard message.sourceID == CastEndpointID.platformReceiver, message.destinationID == senderID,
            json.castRequestID == requestID
        else { return false }
        let types = [json.castMessageType?.rawValue, json["responseType"]?.stringValue].compactMap { $0 }
        return types.contains(where: replyTypes.contains)
    }

    /// The reply to our request: the availability map, or the error the device sent instead.
    private func result(of json: JSONValue) -> AppAvailabilityResult {
        guard json["availability"] != nil else {
            let type = json.castMessageType?.rawValue ?? json["responseType"]?.stringValue ?? "a reply"
            let reason = json["reason"]?.stringValue.map { " (\($0))" } ?? ""
            return .unreachable(reason: "the device answered \(type)\(reason) instead of the availability")
        }
        let response: AppAvailabilityResponse
        do throws(CastPayloadError) {
            response = try AppAvailabilityResponse(json: json)
        } catch {
            return .unreachable(reason: "unreadable GET_APP_AVAILABILITY reply: \(error)")
        }
        let answer = appIDs.map { appID in
            "\(appID)=\(response.availability.first { $0.appID == appID }?.value ?? "not in the reply")"
        }.joined(separator: ", ")
        return appIDs.contains(where: response.isAvailable) ? .available(answer: answer) : .unavailable(answer: answer)
    }

    /// Ends the check once: CLOSE and close the channel, then report.
    private func finish(_ result: AppAvailabilityResult) {
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
        var fields = metadata
        fields.append("cast.availability", .string(result.kind))
        options.log.receiverControlChannel.info(
            "GET_APP_AVAILABILITY \(appIDs.joined(separator: ",")) on \(device.friendlyName): \(result.description)",
            fields)
        let callback = completion
        completion = nil
        callback?(result)
    }
}
