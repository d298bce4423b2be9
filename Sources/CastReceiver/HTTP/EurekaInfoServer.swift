public import CastNet
import CastDiscovery
import CastJSON
import CastWire

/// The device's HTTP setup API on port 8008, as far as a diagnosis needs it: `GET /setup/eureka_info?params=…`
/// answers with the fields real devices return for those params (`name`, `build_info`, `device_info` with the UUID
/// hyphenated in `ssdp_udn`, `net`; unknown params are ignored, no params means all), and everything else gets 404.
/// One request per connection (`Connection: close`); a head over 8 KiB gets 431; a connection lasts 10 s at most.
public final class EurekaInfoServer: Sendable {
    /// The most a request head may be.
    public static let maximumRequestBytes = 8 * 1024

    private let configuration: ReceiverConfiguration
    private let listener: TCPListener

    /// The address it listens on (the port chosen when 0 was asked for).
    public var localAddress: SocketAddress { listener.localAddress }

    /// Listens on `address` on `loop` for the device of `configuration`.
    /// `bootClock` gives the `uptime` field (seconds since the device started, as older firmware reports it).
    public init(configuration: ReceiverConfiguration, address: SocketAddress, loop: EventLoop,
                bootClock: DeviceBootClock = DeviceBootClock()) throws(IOError) {
        self.configuration = configuration
        let responder = EurekaInfoResponder(configuration: configuration, bootClock: bootClock)
        listener = try TCPListener.bind(to: address, on: loop) { connection in
            OneRequestExchange(
                connection: connection, loop: loop, limit: EurekaInfoServer.maximumRequestBytes,
                isWhole: { EurekaInfo.headEnd(in: $0) != nil },
                respond: { head in
                    head.map(responder.response(to:)) ?? EurekaInfoResponder.status(431, "Request Header Fields Too Large")
                }
            ).start()
        }
    }

    /// Stops listening (exchanges in progress finish).
    public func close() { listener.close() }
}

/// Builds the responses.
struct EurekaInfoResponder: Sendable {
    let configuration: ReceiverConfiguration
    var bootClock = DeviceBootClock()

    /// The whole HTTP response to the request head `head`.
    func response(to head: [UInt8]) -> [UInt8] {
        guard let request = try? HTTPHead(parsing: head),
              case .request(let method, let path, let version) = request.startLine, version.hasPrefix("HTTP/1.")
        else { return Self.status(400, "Bad Request") }
        let target = path.split(separator: "?", maxSplits: 1)
        guard target.first == "/setup/eureka_info" else { return Self.status(404, "Not Found") }
        guard method == "GET" else { return Self.status(405, "Method Not Allowed") }
        var wanted: Set<String> = ["name", "build_info", "device_info", "net", "uptime"]
        if target.count == 2 {
            for pair in target[1].split(separator: "&") where pair.hasPrefix("params=") {
                wanted = wanted.intersection(pair.dropFirst("params=".count).split(separator: ",").map(String.init))
            }
        }
        var object = JSONObject()
        if wanted.contains("build_info") {
            object.appendUnchecked(
                "build_info",
                .object(["cast_build_revision": "1.56.281627", "system_build_number": "castscope", "release_track": "stable-channel"]))
        }
        if wanted.contains("device_info") {
            object.appendUnchecked(
                "device_info",
                .object([
                    "manufacturer": "castscope", "model_name": .string(configuration.model),
                    "ssdp_udn": .string(MultizoneDevice.hyphenated(configuration.deviceID)),
                    "cloud_device_id": .string(configuration.deviceID.uppercased()),
                ]))
        }
        if wanted.contains("name") { object.appendUnchecked("name", .string(configuration.name)) }
        if wanted.contains("net") { object.appendUnchecked("net", .object(["ethernet_connected": false, "online": true])) }
        if wanted.contains("uptime") {
            object.appendUnchecked("uptime", .double((bootClock.uptime * 1000).rounded() / 1000))
        }
        let body = Array(JSONValue.object(object).serialized().utf8)
        return Self.head(200, "OK", contentType: "application/json", length: body.count) + body
    }

    static func status(_ code: Int, _ reason: String) -> [UInt8] {
        head(code, reason, contentType: "text/plain", length: 0)
    }

    static func head(_ code: Int, _ reason: String, contentType: String, length: Int) -> [UInt8] {
        Array(
            "HTTP/1.1 \(code) \(reason)\r\nContent-Type: \(contentType)\r\nContent-Length: \(length)\r\nConnection: close\r\n\r\n"
                .utf8)
    }
}
