public import CastLog
public import CastNet
import CastWire
import Synchronization

/// Runs an `MDNSQuerier` on real sockets: feeds it datagrams and time on an event loop, performs its sends and
/// passes instance changes to `handler` (on the loop thread).
public final class MDNSBrowser: @unchecked Sendable {
    /// The loop everything runs on.
    public let eventLoop: EventLoop
    /// The interfaces browsed.
    public let interfaces: [NetworkInterface]
    private let handler: @Sendable (MDNSQuerierAction) -> Void
    private let ownsLoop: Bool
    // Loop-thread state.
    private var querier: MDNSQuerier
    private var transport: MDNSTransport?
    private var timer: ScheduledTask?
    private var running = false
    private let log: DiscoveryLog

    /// Prepares a browser; `eventLoop` nil makes it run its own loop.
    public init(
        interfaces: [NetworkInterface], configuration: MDNSQuerierConfiguration = MDNSQuerierConfiguration(),
        eventLoop: EventLoop? = nil, logger: Logger = .shared,
        handler: @escaping @Sendable (MDNSQuerierAction) -> Void
    ) throws(IOError) {
        log = DiscoveryLog.on(logger)
        if let eventLoop {
            self.eventLoop = eventLoop
            ownsLoop = false
        } else {
            self.eventLoop = try EventLoop(name: "MDNSBrowser")
            ownsLoop = true
        }
        self.interfaces = interfaces
        self.handler = handler
        querier = MDNSQuerier(configuration: configuration)
    }

    /// Opens the sockets and sends the first query.
    public func start() async throws(IOError) {
        let result: Result<Void, IOError> = try await eventLoop.submit { [self] in
            do throws(IOError) {
                let local = Set(interfaces.flatMap { $0.addresses.map(\.address) })
                let byIndex = Dictionary(interfaces.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
                let oneShotAnswer: @Sendable (Datagram) -> Void = { [self] datagram in
                    // Unicast answers are taken from responders on the link only (RFC 6762 §6, §11): port 5353, and
                    // an address in the arrival interface's networks (or link-local, or loopback on lo).
                    guard running, datagram.source.port == 5353, let interface = byIndex[datagram.interfaceIndex],
                        Self.isOnLink(datagram.source.ip, interface)
                    else { return }
                    perform(
                        querier.receive(
                            datagram.bytes, interfaceIndex: datagram.interfaceIndex, at: .now(), viaOneShot: true))
                }
                transport = try MDNSTransport(
                    interfaces: interfaces, eventLoop: eventLoop, log: log, onOneShotAnswer: oneShotAnswer
                ) { [self] datagram in
                    guard running else { return }
                    // Queries from this host (our own, looped back, or a local daemon's) say nothing about the
                    // network; local responses (an emulator, avahi answering) are kept.
                    if local.contains(datagram.source.ip) || datagram.source.ip.isLoopback,
                        datagram.bytes.count > 2, datagram.bytes[2] & 0x80 == 0
                    {
                        return
                    }
                    perform(querier.receive(datagram.bytes, interfaceIndex: datagram.interfaceIndex, at: .now()))
                }
                running = true
                log.scanner.info(
                    "browsing \(querier.configuration.serviceType.description) on \(interfaces.map(\.name).joined(separator: ", "))"
                )
                perform(querier.start(interfaces: interfaces.map(\.index), at: .now()))
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// Stops browsing and closes the sockets (and the own loop).
    public func stop() async {
        _ = try? await eventLoop.submit { [self] in
            running = false
            timer?.cancel()
            timer = nil
            transport?.close()
            transport = nil
        }
        if ownsLoop { eventLoop.shutdown() }
    }

    /// The querier's counters and the instances it knows (resolved or not), read on the loop.
    public func snapshot() async -> (statistics: MDNSQuerierStatistics, instances: [MDNSServiceInstance]) {
        (try? await eventLoop.submit { [self] in (querier.statistics, querier.knownInstances) })
            ?? (MDNSQuerierStatistics(), [])
    }

    /// True when `source` can be a neighbour on `interface`.
    static func isOnLink(_ source: IPAddress, _ interface: NetworkInterface) -> Bool {
        switch source {
        case .v4(let address) where address.isLinkLocal: return true
        case .v6(let address) where address.isLinkLocal: return true
        default: break
        }
        if source.isLoopback { return interface.isLoopback }
        return interface.addresses.contains { $0.contains(source) }
    }

    private func perform(_ actions: [MDNSQuerierAction]) {
        for action in actions {
            switch action {
            case .sendQuery(let message, let index):
                log.scanner.verbose(
                    "query \(message.questions.map { "\($0.name) \($0.type)\($0.unicastResponse ? " QU" : "")" }.joined(separator: ", ")) known=\(message.answers.count)",
                    ["net.ifindex": .int(Int64(index))])
                transport?.multicast(message.encoded(), interfaceIndex: index)
            case .sendOneShotQuery(let message, let index):
                log.scanner.verbose(
                    "one-shot query \(message.questions.map { "\($0.name) \($0.type)" }.joined(separator: ", "))",
                    ["net.ifindex": .int(Int64(index))])
                transport?.multicastOneShot(message.encoded(), interfaceIndex: index)
            default:
                handler(action)
            }
        }
        timer?.cancel()
        timer = nil
        if running, let deadline = querier.nextDeadline {
            timer = eventLoop.scheduleTask(at: deadline) { [self] in
                guard running else { return }
                perform(querier.advance(to: .now()))
            }
        }
    }
}
