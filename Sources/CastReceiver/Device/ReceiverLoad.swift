import CastJSON
public import CastNet
public import CastTLS
import CastWire
import Foundation

/// A load run against an emulator: N concurrent senders, each looping CONNECT'd GET_STATUS / LOAD / PAUSE / PLAY
/// until the time is up, every request waiting for the reply that carries its requestId.
public enum ReceiverLoad {
    /// What a run did.
    public struct Result: Sendable, CustomStringConvertible {
        /// Senders whose TLS channel opened.
        public var connected = 0
        /// Requests sent.
        public var requests = 0
        /// Requests that got no reply with their requestId (timeout or closed channel).
        public var lostReplies = 0
        /// Wall time of the request loops, in seconds.
        public var seconds = 0.0

        /// Replies per second over the run.
        public var repliesPerSecond: Double { seconds > 0 ? Double(requests - lostReplies) / seconds : 0 }

        /// `connected=… requests=… lost=… rate=…/s`.
        public var description: String {
            "connected=\(connected) requests=\(requests) lost=\(lostReplies) "
                + "rate=\(Int(repliesPerSecond))/s over \(String(format: "%.1f", seconds))s"
        }
    }

    /// Runs `senders` senders for `duration` against `address`, their sockets on `loop`.
    public static func run(
        senders: Int, duration: Duration, address: SocketAddress, loop: EventLoop,
        tls: TLSContext
    ) async -> Result {
        let start = Date()
        let deadline = start.addingTimeInterval(
            Double(duration.components.seconds)
                + Double(duration.components.attoseconds) / 1e18)
        let perSender = await withTaskGroup(of: Result.self) { group in
            for index in 0..<senders {
                group.addTask { await runOne(index: index, until: deadline, address: address, loop: loop, tls: tls) }
            }
            var total = Result()
            for await part in group {
                total.connected += part.connected
                total.requests += part.requests
                total.lostReplies += part.lostReplies
            }
            return total
        }
        var result = perSender
        result.seconds = Date().timeIntervalSince(start)
        return result
    }

    private static func runOne(
        index: Int, until deadline: Date, address: SocketAddress, loop: EventLoop,
        tls: TLSContext
    ) async -> Result {
        var result = Result()
        // Generous timeouts: "lost" must mean no reply at all, not a slow one on a busy machine.
        guard
            let probe = await ReceiverProbe.connect(
                to: address, on: loop, tls: tls, senderID: "sender-load-\(index)", timeout: .seconds(60))
        else { return result }
        defer { probe.close() }
        result.connected = 1
        func ask(_ namespace: CastNamespace, _ payload: JSONObject, to destination: String = "receiver-0")
            async -> JSONValue?
        {
            result.requests += 1
            let reply = await probe.request(namespace, payload, to: destination, timeout: .seconds(60))
            if reply == nil { result.lostReplies += 1 }
            return reply
        }
        probe.send(CastNamespace.connection.rawValue, text: ConnectionMessage(type: .connect, connType: 0).jsonText)
        _ = await ask(.receiver, [CastPayloadField.type: CastMessageType.getStatus.json])
        let launched = await ask(.receiver, [CastPayloadField.type: CastMessageType.launch.json, "appId": "CC1AD845"])
        guard let transport = launched?["status"]?["applications"]?.arrayValue?.first?["transportId"]?.stringValue
        else { return result }
        probe.send(CastNamespace.connection.rawValue, text: ConnectionMessage(type: .connect, connType: 0).jsonText, to: transport)
        let media: JSONObject = [
            "contentId": .string("http://127.0.0.1/load-\(index).mp4"), "contentType": "video/mp4",
            "streamType": "BUFFERED", "metadata": ["metadataType": 0, "title": .string("load \(index)")],
        ]
        // At least one full cycle per sender, however long connecting took.
        repeat {
            _ = await ask(.receiver, [CastPayloadField.type: CastMessageType.getStatus.json])
            let loaded = await ask(.media, [CastPayloadField.type: CastMessageType.load.json, "media": .object(media), "autoplay": true], to: transport)
            let sessionID = loaded?["status"]?.arrayValue?.first?["mediaSessionId"] ?? 0
            _ = await ask(.media, [CastPayloadField.type: CastMessageType.pause.json, "mediaSessionId": sessionID], to: transport)
            _ = await ask(.media, [CastPayloadField.type: CastMessageType.play.json, "mediaSessionId": sessionID], to: transport)
        } while Date() < deadline
        return result
    }
}
