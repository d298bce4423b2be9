public import CastNet
import CastWire

/// Serves the Prometheus exposition at `GET /metrics` (`--metrics ADDR:PORT`): one request per connection, the
/// head read with CastWire's HTTP codec, 404 for other paths, 405 for other methods, 400 for a broken head, 431 for
/// one over 8 KiB; a connection lasts 10 s at most. The text comes from `exposition`, asked on every scrape.
public final class MetricsServer: Sendable {
    public static let maximumRequestBytes = 8 * 1024
    private let listener: TCPListener

    /// The address it listens on (the port chosen when 0 was asked for).
    public var localAddress: SocketAddress { listener.localAddress }

    /// Listens on `address` on `loop`; `exposition` gives the text of each scrape.
    public init(address: SocketAddress, loop: EventLoop,
                exposition: @escaping @Sendable () -> String) throws(IOError) {
        listener = try TCPListener.bind(to: address, on: loop) { connection in
            OneRequestExchange(
                connection: connection, loop: loop, limit: MetricsServer.maximumRequestBytes,
                isWhole: MetricsServer.isWhole,
                respond: { head in
                    head.map { MetricsServer.response(to: $0, exposition: exposition) }
                        ?? MetricsServer.status(431, "Request Header Fields Too Large")
                }
            ).start()
        }
    }

    /// Stops listening.
    public func close() { listener.close() }

    /// The whole response to the request bytes `head`.
    static func response(to head: [UInt8], exposition: () -> String) -> [UInt8] {
        guard let request = try? HTTPHead(parsing: head), case .request(let method, let target, _) = request.startLine
        else { return status(400, "Bad Request") }
        guard target.split(separator: "?").first == "/metrics" else { return status(404, "Not Found") }
        guard method == "GET" || method == "HEAD" else { return status(405, "Method Not Allowed") }
        let body = Array(exposition().utf8)
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain; version=0.0.4; charset=utf-8\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + (method == "HEAD" ? [] : body)
    }

    static func status(_ code: Int, _ reason: String) -> [UInt8] {
        let body = "\(code) \(reason)\n"
        return Array(("HTTP/1.1 \(code) \(reason)\r\nContent-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\n"
                      + "Connection: close\r\n\r\n" + body).utf8)
    }

    /// Whether `bytes` hold a whole head, or a broken one (answered 400 at once).
    static func isWhole(_ bytes: [UInt8]) -> Bool {
        do {
            _ = try HTTPHead(parsing: bytes)
            return true
        } catch {
            return !error.isIncomplete
        }
    }
}
