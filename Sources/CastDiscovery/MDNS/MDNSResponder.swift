public import CastLog
public import CastNet
import CastWire
import Glibc

/// Advertises one DNS-SD service with the built-in responder (the emulator's `--advertise`).
///
/// Usage: `let responder = try await MDNSResponder.start(instance: "Living Room", port: 8009, txt: ["id=…", …],
/// interfaces: try DiscoveryInterfaces.select(names: ["lo"]))`, later `await responder.stop()` (sends goodbyes).
public final class MDNSResponder: @unchecked Sendable {
    /// The loop the responder runs on.
    public let eventLoop: EventLoop
    private let ownsLoop: Bool
    // Loop-thread state.
    private var machine: MDNSResponderStateMachine
    private var transport: MDNSTransport?
    private var timer: ScheduledTask?
    private var gaveUp: String?
    private var gaveUpHandlers: [@Sendable (String) -> Void] = []

    private let log: DiscoveryLog

    private init(machine: MDNSResponderStateMachine, eventLoop: EventLoop, ownsLoop: Bool, log: DiscoveryLog) {
        self.log = log
        self.machine = machine
        self.eventLoop = eventLoop
        self.ownsLoop = ownsLoop
    }

    /// Starts probing and announcing `instance` of `serviceType` on `interfaces` with their addresses (only those
    /// in `onlyAddresses` when given: a host with several addresses, one per emulated speaker).
    /// `hostName` defaults to `castscope-<pid>.local.`; `eventLoop` nil makes the responder run its own loop.
    public static func start(
        instance: String, port: UInt16, txt: [String], interfaces: [NetworkInterface],
        serviceType: String = "_googlecast._tcp.local.", hostName: String? = nil, onlyAddresses: [IPAddress]? = nil,
        eventLoop: EventLoop? = nil, logger: Logger = .shared
    ) async throws(IOError) -> MDNSResponder {
        guard let type = DNSName(serviceType),
            let host = DNSName(hostName ?? "castscope-\(getpid()).local.")
        else { throw IOError(errno: 22, call: "MDNSResponder.start (bad service type or host name)") }
        let service = MDNSServiceRecordSet(
            instance: instance, serviceType: type, host: host, port: port, txt: txt.map { Array($0.utf8) })
        guard service.instanceName != nil else { throw IOError(errno: 22, call: "MDNSResponder.start (bad instance)") }
        var addresses: [UInt32: [IPAddress]] = [:]
        for interface in interfaces {
            addresses[interface.index] = interface.addresses.map(\.address).filter { address in
                // Loopback carries no IPv6 mDNS on Linux (see MDNSTransport); advertise what can be reached there.
                (address.isIPv4 || !interface.isLoopback) && onlyAddresses.map { $0.contains(address) } ?? true
            }
        }
        let loop: EventLoop
        if let eventLoop { loop = eventLoop } else { loop = try EventLoop(name: "MDNSResponder") }
        var machine = MDNSResponderStateMachine(service: service, addresses: addresses)
        machine.subnets = Dictionary(interfaces.map { ($0.index, $0.addresses) }, uniquingKeysWith: { first, _ in first })
        let responder = MDNSResponder(
            machine: machine, eventLoop: loop,
            ownsLoop: eventLoop == nil, log: DiscoveryLog.on(logger))
        let result: Result<Void, IOError> = try await loop.submit {
            do throws(IOError) {
                responder.transport = try MDNSTransport(interfaces: interfaces, eventLoop: loop, log: responder.log) { datagram in
                    responder.perform(
                        responder.machine.receive(
                            datagram.bytes, from: datagram.source, interfaceIndex: datagram.interfaceIndex,
                            destination: datagram.destination, at: .now()))
                }
                responder.log.responder.info(
                    "advertising \(instance) port \(port) on \(interfaces.map(\.name).joined(separator: ", "))")
                responder.perform(responder.machine.start(at: .now()))
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
        return responder
    }

    /// The instance label in use (it changes when probing finds the name taken).
    public func currentInstance() async -> String {
        (try? await eventLoop.submit { self.machine.service.instance }) ?? ""
    }

    /// The responder's counters (conflicts, renames, tie-breaks, rate-limited probes, answers), read on the loop.
    public func statistics() async -> MDNSResponderStatistics {
        (try? await eventLoop.submit { self.machine.statistics }) ?? MDNSResponderStatistics()
    }

    /// Why the responder stopped on its own (too many renames, an invalid label), or nil while it still runs.
    public func gaveUpReason() async -> String? {
        (try? await eventLoop.submit { self.gaveUp }) ?? nil
    }

    /// Calls `handler` once, on the loop, when the responder stops on its own (at once if it already has), so a
    /// command can wait for that or a Ctrl-C without polling.
    public func onGiveUp(_ handler: @escaping @Sendable (String) -> Void) {
        eventLoop.execute { [self] in
            if let gaveUp { handler(gaveUp) } else { gaveUpHandlers.append(handler) }
        }
    }

    /// Sends goodbyes and closes the sockets.
    public func stop() async {
        _ = try? await eventLoop.submit {
            self.perform(self.machine.stop())
            self.timer?.cancel()
            self.timer = nil
            self.transport?.close()
            self.transport = nil
        }
        if ownsLoop { eventLoop.shutdown() }
    }

    private func perform(_ actions: [MDNSResponderStateMachine.Action]) {
        for action in actions {
            switch action {
            case .multicast(let message, let index):
                transport?.multicast(message.encoded(), interfaceIndex: index)
            case .unicast(let message, let destination, let index):
                transport?.unicast(message.encoded(), to: destination, interfaceIndex: index)
            case .renamed, .established, .deferredToSimultaneousProbe, .probingRateLimited, .gaveUp, .reprobing:
                if case .gaveUp(let reason) = action, gaveUp == nil {
                    gaveUp = reason
                    for handler in gaveUpHandlers { handler(reason) }
                    gaveUpHandlers = []
                }
                if let entry = action.logEntry(instance: machine.service.instance) {
                    log.responder.log(
                        entry.level, LogMessage(entry.message),
                        ["mdns.conflicts": .int(Int64(machine.statistics.conflicts))])
                }
            }
        }
        timer?.cancel()
        timer = nil
        if let deadline = machine.nextDeadline {
            timer = eventLoop.scheduleTask(at: deadline) { [self] in perform(machine.advance(to: .now())) }
        }
    }
}

extension MDNSResponderStateMachine.Action {
    /// How the responder logs this action under `GCKMDNSResponder` (level and message); nil for sends.
    func logEntry(instance: String) -> (level: LogLevel, message: String)? {
        switch self {
        case .multicast, .unicast: nil
        case .renamed(let name): (.info, "name conflict: now advertising as \(name)")
        case .established: (.debug, "probing done: \(instance)")
        case .deferredToSimultaneousProbe:
            (.info, "simultaneous probe for \(instance) won by another host: probing again in 1 s")
        case .probingRateLimited(let count):
            (.warning, "\(count) name conflicts within 10 s: waiting 5 s before probing \(instance) again")
        case .gaveUp(let reason): (.error, reason)
        case .reprobing: (.info, "another host answered for \(instance) with other data: probing the name again")
        }
    }
}
