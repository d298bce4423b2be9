public import CastNet
import CastWire
import Synchronization

/// Probes one candidate address by unicast only, each probe bounded in time and in packets: an mDNS query sent to
/// ADDR:5353 from an ephemeral port (a responder answers it by unicast, RFC 6762 §6.7), a TCP connect and a TLS
/// handshake on the Cast port, and `GET /setup/eureka_info` on the HTTP port. Nothing is sent anywhere else.
public struct UnicastProber: Sendable {
    /// Runs a TLS handshake (and opens a Cast channel) to an address within a time; the caller's stack does it.
    public typealias TLSProbe = @Sendable (SocketAddress, Duration) async -> UnicastProbeResult.Outcome

    /// The loop the sockets run on.
    public var loop: EventLoop
    /// How long each probe may take.
    public var timeout: Duration
    /// The Cast port (8009).
    public var castPort: UInt16 = 8009
    /// The HTTP port of the setup API (8008).
    public var httpPort: UInt16 = 8008
    /// The mDNS port (5353).
    public var mdnsPort: UInt16 = 5353
    /// The TLS probe; nil skips it.
    public var tls: TLSProbe?

    /// A prober on `loop` whose probes each end within `timeout`.
    public init(loop: EventLoop, timeout: Duration, tls: TLSProbe? = nil) {
        self.loop = loop
        self.timeout = timeout
        self.tls = tls
    }

    /// Runs every probe of `address` at once and returns what they found.
    public func probe(_ address: IPAddress) async -> UnicastProbeResult {
        async let mdns = queryMDNS(address)
        async let tcp = connect(address)
        async let http = fetchEurekaInfo(address)
        async let handshake = handshake(address)
        let (answer, instances) = await mdns
        let (httpOutcome, info) = await http
        var result = UnicastProbeResult(
            address: address, mdns: answer, instances: instances, tcp: await tcp, tls: await handshake,
            http: httpOutcome)
        result.setupAPIAnswered = info?.status == 200
        result.castPort = castPort
        result.httpPort = httpPort
        return result
    }

    func handshake(_ address: IPAddress) async -> UnicastProbeResult.Outcome {
        guard let tls else { return .skipped }
        return await tls(SocketAddress(ip: address, port: castPort), timeout)
    }

    // MARK: mDNS

    /// How many times the mDNS query is sent.
    static let mdnsQueries = 3

    /// The legacy unicast query: answered to our port by a responder that hears it (avahi, real devices, ours).
    func queryMDNS(_ address: IPAddress) async -> (UnicastProbeResult.Outcome, [String]) {
        let start = MonotonicInstant.now()
        let id = UInt16.random(in: 1...UInt16.max)
        let query = DNSMessage(
            id: id, questions: [DNSQuestion(name: MDNSQuerierConfiguration.castServiceType, type: .ptr)]
        ).encoded()
        let once = ProbeCompletion<(UnicastProbeResult.Outcome, [String])>()
        let socketBox = Mutex<UDPSocket?>(nil)
        let outcome = await withCheckedContinuation { continuation in
            once.set(continuation)
            let wildcard: IPAddress = address.isIPv4 ? .v4(.any) : .v6(.any)
            do throws(IOError) {
                let socket = try UDPSocket.bind(to: SocketAddress(ip: wildcard, port: 0), on: loop) { datagram in
                    // Only the candidate's own answer counts, and only a well-formed one.
                    // Only the candidate's own answer to this query counts (RFC 6762 §6.7 echoes the id).
                    guard datagram.source.ip == address, let message = try? DNSMessage(decoding: datagram.bytes),
                        message.flags.qr, message.id == id
                    else { return }
                    once.finish((.answered(milliseconds: start.millisecondsSince, detail: Self.describe(message)),
                                 Self.instances(in: message)))
                }
                socketBox.withLock { $0 = socket }
                try socket.send(query, to: SocketAddress(ip: address, port: mdnsPort))
            } catch {
                once.finish((.failed(reason: "\(error)"), []))
                return
            }
            // UDP is lossy and a responder still probing its name does not answer yet: the query goes out again at
            // a third and at two thirds of the bound (three packets at most).
            for step in 1...(Self.mdnsQueries - 1) {
                loop.scheduleTask(in: timeout * Double(step) / Double(Self.mdnsQueries)) {
                    guard !once.isFinished, let socket = socketBox.withLock({ $0 }) else { return }
                    try? socket.send(query, to: SocketAddress(ip: address, port: mdnsPort))
                }
            }
            loop.scheduleTask(in: timeout) {
                once.finish((.failed(reason: "no answer to \(Self.mdnsQueries) queries within \(timeout)"), []))
            }
        }
        if let socket = socketBox.withLock({ $0 }) { loop.execute { socket.close() } }
        return outcome
    }

    static func describe(_ message: DNSMessage) -> String {
        let ptrs = message.answers.filter { $0.type == .ptr }.count
        return "\(message.answers.count) answer(s), \(ptrs) PTR, \(message.additionals.count) additional"
    }

    /// `Kitchen TV (Kitchen-TV-…._googlecast._tcp.local.)`: each PTR target, with its TXT `fn` when included.
    static func instances(in message: DNSMessage) -> [String] {
        var names: [String] = []
        for record in message.answers where record.type == .ptr {
            guard case .ptr(let instance) = record.data else { continue }
            let txt = message.records.first { $0.type == .txt && $0.name.lowercased == instance.lowercased }
            var friendly: String?
            if case .txt(let strings)? = txt?.data { friendly = CastTXTRecord(txt: strings).friendlyName }
            names.append(friendly.map { "\($0) (\(instance))" } ?? "\(instance)")
            if names.count == 16 { break }
        }
        return names
    }

    // MARK: TCP and HTTP

    /// A TCP connect to `address` on `port` (the Cast port unless given), closed at once.
    func connect(_ address: IPAddress, port: UInt16? = nil) async -> UnicastProbeResult.Outcome {
        let start = MonotonicInstant.now()
        return await withCheckedContinuation { continuation in
            TCPConnection.connect(to: SocketAddress(ip: address, port: port ?? castPort), on: loop, timeout: timeout) { result in
                switch result {
                case .success(let connection):
                    connection.close()
                    continuation.resume(returning: .answered(milliseconds: start.millisecondsSince, detail: ""))
                case .failure(let error):
                    continuation.resume(returning: .failed(reason: "\(error)"))
                }
            }
        }
    }

    /// Fetches the setup API's eureka_info from `address` on `httpPort`, bounded by `timeout` for connect and answer.
    public func fetchEurekaInfo(_ address: IPAddress) async -> (UnicastProbeResult.Outcome, EurekaInfo?) {
        let start = MonotonicInstant.now()
        let target = SocketAddress(ip: address, port: httpPort)
        let host = address.isIPv4 ? "\(address):\(httpPort)" : "[\(address)]:\(httpPort)"
        let once = ProbeCompletion<(UnicastProbeResult.Outcome, EurekaInfo?)>()
        let response = Mutex<[UInt8]>([])
        let timeout = timeout
        return await withCheckedContinuation { continuation in
            once.set(continuation)
            @Sendable func parse(_ bytes: [UInt8]) -> (UnicastProbeResult.Outcome, EurekaInfo?) {
                do throws(EurekaInfoError) {
                    let info = try EurekaInfo(response: bytes)
                    return (.answered(milliseconds: start.millisecondsSince, detail: info.summary), info)
                } catch {
                    return (.failed(reason: "\(error)"), nil)
                }
            }
            TCPConnection.connect(to: target, on: loop, timeout: timeout) { result in
                let connection: TCPConnection
                switch result {
                case .success(let connected): connection = connected
                case .failure(let error):
                    once.finish((.failed(reason: "\(error)"), nil))
                    return
                }
                // One bound for connect and answer together.
                let timer = loop.scheduleTask(at: start + timeout) {
                    once.finish((.failed(reason: "no complete answer within \(timeout)"), nil))
                    connection.close()
                }
                connection.start(
                    TCPConnectionHandlers(
                        onRead: { bytes in
                            let total = response.withLock { $0.append(contentsOf: bytes); return $0.count }
                            let complete = EurekaInfo.isComplete(response.withLock { $0 })
                            if total > EurekaInfo.maximumResponseBytes || complete {
                                timer.cancel()
                                connection.close()
                                once.finish(parse(response.withLock { $0 }))
                            }
                        },
                        onReadEOF: {
                            timer.cancel()
                            connection.close()
                            once.finish(parse(response.withLock { $0 }))
                        },
                        onClose: { error in
                            timer.cancel()
                            let bytes = response.withLock { $0 }
                            if bytes.isEmpty, let error { once.finish((.failed(reason: "\(error)"), nil)) }
                            once.finish(parse(bytes))
                        }))
                connection.write(EurekaInfo.request(host: host))
            }
        }
    }
}

/// Resumes a continuation once, with the first of several racing outcomes (answer, error, timeout).
private final class ProbeCompletion<Value: Sendable>: Sendable {
    private let state = Mutex<(continuation: CheckedContinuation<Value, Never>?, done: Bool)>((nil, false))

    func set(_ continuation: CheckedContinuation<Value, Never>) { state.withLock { $0.continuation = continuation } }

    var isFinished: Bool { state.withLock { $0.done } }

    func finish(_ value: Value) {
        let continuation = state.withLock { state -> CheckedContinuation<Value, Never>? in
            guard !state.done else { return nil }
            state.done = true
            return state.continuation
        }
        continuation?.resume(returning: value)
    }
}

extension MonotonicInstant {
    /// Whole milliseconds from this instant to now.
    fileprivate var millisecondsSince: Int { Int((MonotonicInstant.now().nanoseconds - nanoseconds) / 1_000_000) }
}
