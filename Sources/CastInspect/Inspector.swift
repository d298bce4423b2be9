import CastLog
public import CastTLS
import CastWire
import Foundation

/// Options of one inspection run.
public struct InspectOptions: Sendable {
    /// TLS secrets (from `--keylog` files and pcapng DSBs).
    public var keyLog = TLSKeyLog()
    /// TCP ports treated as Cast (TLS or plaintext frames); 8009 always.
    public var castPorts: Set<UInt16> = [8009]
    /// Out-of-order bytes held per flow direction (`--max-flow-bytes`).
    public var maximumFlowBytes = 16 << 20
    /// Where to write each stream's application bytes (`--export-streams`).
    public var exportDirectory: String?
    /// False skips TCP entirely (`--only mdns`): no reassembly, TLS or Cast work at all.
    public var analyseTCP = true
    /// The roots device-auth chains are checked against (`--trust-root`; default: the built-in Cast roots).
    public var deviceTrustStore: CastTrustStore = .castDeviceRoots
    /// True runs the reporting stage (Cast decoding, verdicts, the sink) on a thread of its own, for file runs: the
    /// sink is then called on that thread, one event at a time, all before `finish()` returns; `summary`'s counts of
    /// findings, Cast messages and TLS records, and `connections`, are complete once `finish()` has returned.
    public var reportsConcurrently = false
    /// False when nothing reads mDNS events (`inspect --quiet` without `--html` or `--log`): the analysis, its
    /// findings and the counts are the same, but each decoded message is freed on the thread that decoded it
    /// instead of crossing to the reporting thread (where freeing it contended for the allocator's locks).
    public var emitsMDNSEvents = true
    /// False when nothing reads Cast message events (`--quiet` without `--html` or `--log`): the verdicts, findings
    /// and counts are the same, but no event is made and a message's JSON text is peeked at where it was decrypted,
    /// without copying it into a String (only the messages read in depth get one).
    public var emitsCastEvents = true
    /// Items per hand-over to the reporting thread (small in tests, so a small capture crosses threads).
    var reporterBatchItems = ReporterThread.batchItems
    /// Whether files are read ahead on a thread of their own; nil: as `CaptureRun.readsAhead` decides for this
    /// machine (tests set it to run both ways).
    var readsAhead: Bool?

    /// Default options.
    public init() {}
}

/// The capture inspector: packets in, events out (mDNS, TLS, Cast, findings), in capture order.
///
/// `process` takes packets one by one; `finish` reports what only the end can tell (unanswered requests,
/// incomplete instances). Memory is bounded by the per-flow limits and the fixed caps on flows and fragments.
public final class Inspector {
    /// Totals so far (with `reportsConcurrently`, the reporter's counts join them at `finish()`).
    public var summary: InspectSummary {
        var total = counted
        guard reporterThread?.isRunning != true else { return total }
        let reported = reporter.counts
        total.findings = reported.findings
        total.castMessages = reported.castMessages
        total.decryptedRecords = reported.decryptedRecords
        total.undecryptedRecords = reported.undecryptedRecords
        return total
    }
    /// The mDNS analyser (devices for the report).
    public private(set) var mdns = MDNSAnalyzer()
    /// Finished connections, for the report (bounded; with `reportsConcurrently`, once `finish()` has returned).
    public var connections: [ConnectionSummary] {
        reporterThread?.isRunning == true ? [] : reporter.connections
    }
    var options: InspectOptions
    /// What the inspector counts itself: packets, bytes, flows, mDNS messages, truncation, gaps.
    var counted = InspectSummary()
    /// TLS events, Cast decoding, verdicts and the sink: inline, or on its own thread (`reportsConcurrently`).
    private let reporter: ConnectionReporter
    private let reporterThread: ReporterThread?
    var flows: [FlowKey: TCPConnectionState] = [:]
    /// Out-of-order bytes held across all flows; beyond `heldBytesLimit` the flow holding most gives up its holes.
    var totalHeldBytes = 0
    private var fragments = IPFragmentReassembler()
    var lastTime = LogTimestamp(seconds: 0, microseconds: 0)
    /// Packets of link types castscope does not decode: raw link type → (count, first time).
    private var undecodedLinkTypes: [UInt32: (count: Int, first: LogTimestamp)] = [:]
    /// 802.11 frames that carry no readable IP, by kind, with the first one's time.
    private var wifiWithoutIP: [IEEE80211HeaderView.Kind: (count: Int, first: LogTimestamp)] = [:]
    /// Most concurrent TCP connections tracked; the oldest idle one is closed beyond this.
    static let maximumFlows = 4096

    /// Out-of-order bytes held across all flows at most: four flows' worth, at least 64 MiB.
    var heldBytesLimit: Int { max(64 << 20, options.maximumFlowBytes * 4) }

    /// An inspector sending events to `sink`.
    /// RFC 6762: a message to port 5353 is mDNS (from 5353, or a legacy unicast query from another port, §6.7),
    /// and so is one from 5353 answering such a query; one from 5353 to 53 is a unicast DNS query, not mDNS.
    static func isMDNS(sourcePort: UInt16, destinationPort: UInt16) -> Bool {
        destinationPort == 5353 || (sourcePort == 5353 && destinationPort != 53)
    }

    public init(options: InspectOptions, sink: @escaping (InspectEvent) -> Void) {
        self.options = options
        reporter = ConnectionReporter(options: options, sink: sink)
        reporterThread = options.reportsConcurrently ? ReporterThread(reporter, batchItems: options.reporterBatchItems) : nil
    }

    /// Processes one captured packet.
    public func process(_ packet: CapturedPacket) {
        process(packet, sliced: packet.sliced)
    }

    /// Processes one captured packet already sliced into its headers (by `PacketPrefetcher`, on its thread).
    func process(_ packet: CapturedPacket, sliced: LaxPacket) {
        counted.packets += 1
        counted.bytes += packet.capturedLength
        lastTime = packet.time
        if packet.isSnaplenTruncated || sliced.isTruncated { counted.truncatedPackets += 1 }
        guard let network = sliced.network else {
            // Off the per-packet path: only a packet without a network layer asks whether its link type is known.
            // Those are counted and said at the end (capture.link-type), never silently skipped as "0 mDNS".
            if !LinkType.decoded.contains(packet.linkType) {
                let entry = undecodedLinkTypes[packet.linkType.rawValue] ?? (0, packet.time)
                undecodedLinkTypes[packet.linkType.rawValue] = (entry.count + 1, entry.first)
            } else if case .ieee80211(let frame) = sliced.link {
                let entry = wifiWithoutIP[frame.kind] ?? (0, packet.time)
                wifiWithoutIP[frame.kind] = (entry.count + 1, entry.first)
            }
            return
        }
        let (source, destination) = IPAddressBytes.endpoints(of: network)
        var transport = sliced.transport
        if network.isFragment, let whole = reassemble(network) {
            let reader = ByteReader(whole)
            transport = network.transportProtocol == 17
                ? (try? UDPHeaderView(reader)).map { .udp($0) }
                : network.transportProtocol == 6 ? (try? TCPHeaderView(reader)).map { .tcp($0) } : nil
        }
        switch transport {
        case .udp(let udp):
            guard Self.isMDNS(sourcePort: udp.sourcePort, destinationPort: udp.destinationPort) else {
                // Unicast DNS: how a device resolved a LOAD's media host (the media watch's).
                if options.analyseTCP, udp.sourcePort == 53 || udp.destinationPort == 53,
                   let sighting = DNSSighting(Array(udp.payload.remainingBytes),
                                              source: FlowEndpoint(ip: source, port: udp.sourcePort),
                                              destination: FlowEndpoint(ip: destination, port: udp.destinationPort),
                                              time: packet.time) {
                    submit(.dns(sighting))
                }
                return
            }
            counted.mdnsMessages += 1
            var findings: [Finding] = []
            // An event keeps its message, whose names point into the packet: a region of a shared chunk is copied
            // first, so an event waiting in a queue keeps its own bytes alive, not the chunk's megabyte.
            let payload = options.emitsMDNSEvents && packet.sharesStorage
                ? ByteReader(Array(udp.payload.remainingBytes)) : udp.payload
            let event = mdns.add(payload: payload, time: packet.time,
                                 source: FlowEndpoint(ip: source, port: udp.sourcePort),
                                 destination: FlowEndpoint(ip: destination, port: udp.destinationPort),
                                 findings: &findings, makingEvent: options.emitsMDNSEvents)
            if let event { emit(.mdns(event)) }
            findings.forEach { emit(.finding($0)) }
        case .tcp(let tcp):
            guard options.analyseTCP else { return }
            handleTCP(tcp, source: FlowEndpoint(ip: source, port: tcp.sourcePort),
                      destination: FlowEndpoint(ip: destination, port: tcp.destinationPort), time: packet.time)
        case nil:
            return
        }
    }

    /// Ends the run: flushes every connection and reports end-of-capture findings.
    public func finish() -> InspectSummary {
        for key in flows.keys.sorted(by: { (flows[$0]?.firstTime ?? lastTime) < (flows[$1]?.firstTime ?? lastTime) }) {
            close(key)
        }
        submit(.end(captureTime: lastTime))
        var findings: [Finding] = []
        mdns.finish(findings: &findings)
        for (raw, entry) in undecodedLinkTypes.sorted(by: { $0.key < $1.key }) {
            let type = LinkType(rawValue: raw)
            findings.append(Finding(
                .warn, "capture.link-type",
                "\(entry.count) packet\(entry.count == 1 ? "" : "s") of link type \(raw) (\(type)) not decoded",
                detail: "castscope decodes Ethernet, 802.11 (also after radiotap), Linux cooked (SLL, SLL2), raw IP, "
                    + "loopback and BSD null link types; capture on a wired interface, or with -i any",
                time: entry.first))
        }
        if let finding = wifiFinding() { findings.append(finding) }
        findings.forEach { emit(.finding($0)) }
        reporterThread?.finish()
        return summary
    }

    /// `capture.wifi-protected`: encrypted 802.11 data frames, whose IP (mDNS, Cast) cannot be read.
    private func wifiFinding() -> Finding? {
        guard let protected = wifiWithoutIP[.protectedData] else { return nil }
        let others = wifiWithoutIP.filter { $0.key != .protectedData }.values.reduce(0) { $0 + $1.count }
        return Finding(
            .warn, "capture.wifi-protected",
            "\(protected.count) 802.11 data frame\(protected.count == 1 ? " is" : "s are") encrypted (WEP/WPA): "
                + "the IP packets in \(protected.count == 1 ? "it are" : "them are") not decoded"
                + (others > 0 ? " (and \(others) management, control or null frames carry none)" : ""),
            detail: "decrypt the capture first (Wireshark: IEEE 802.11 decryption keys with the network's passphrase, "
                + "and the EAPOL handshake in the capture), or capture on the access point's wired side or on a host "
                + "of the network (managed mode), where frames arrive decrypted",
            time: protected.first)
    }

    /// Reports a finding that did not come from packets (a corrupt file in lax mode).
    public func report(_ finding: Finding) { emit(.finding(finding)) }

    func emit(_ event: InspectEvent) { submit(.event(event)) }

    /// Passes `item` to the reporting stage, in order with everything before it.
    func submit(_ item: consuming ReporterItem) {
        if let reporterThread { reporterThread.submit(item) } else { reporter.handle(item) }
    }

    private func reassemble(_ network: PacketNetworkHeader) -> [UInt8]? {
        switch network {
        case .ipv4(let view):
            let key = IPFragmentReassembler.Key(source: view.source, destination: view.destination,
                                                identification: UInt32(view.identification), proto: view.protocolNumber)
            return fragments.add(key: key, offset: Int(view.fragmentOffset) * 8, moreFragments: view.moreFragments,
                                 payload: view.payload.remainingBytes)
        case .ipv6(let view):
            guard let info = view.fragment else { return nil }
            let key = IPFragmentReassembler.Key(source: view.source, destination: view.destination,
                                                identification: info.identification, proto: view.upperLayerProtocol)
            return fragments.add(key: key, offset: Int(info.fragmentOffset) * 8, moreFragments: info.moreFragments,
                                 payload: view.payload.remainingBytes)
        }
    }
}
