internal import CPcap
import CastLog
public import CastWire
import Foundation

/// Captures packets live from an interface through libpcap; with `PcapSource`, the only files that call libpcap.
///
/// Packets come from `next()`, which waits at most `timeout` for one and returns nil when none came, so the caller's
/// loop can check for a stop request and flush its outputs between packets. Needs CAP_NET_RAW (or root).
public final class LiveCapture {
    /// Why live capture cannot start or go on.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The kind of fault.
        public enum Kind: Sendable, Hashable {
            /// No CAP_NET_RAW / not root.
            case permissionDenied
            /// The interface does not exist.
            case noSuchInterface
            /// The interface is down.
            case interfaceDown
            /// The BPF expression does not compile or cannot be set.
            case badFilter
            /// Anything else libpcap reports.
            case failed
        }

        /// The kind of fault.
        public var kind: Kind
        /// The interface.
        public var interface: String
        /// libpcap's text.
        public var reason: String

        /// A sentence for people, with what to do.
        public var description: String {
            switch kind {
            case .permissionDenied:
                "capturing on \(interface) needs root or the CAP_NET_RAW capability (\(reason)); run it with sudo, "
                    + "or grant it once: sudo setcap cap_net_raw,cap_net_admin=eip $(command -v castscope)"
            case .noSuchInterface: "no interface named \(interface) (\(reason)); see 'ip link' for the names"
            case .interfaceDown: "interface \(interface) is down (\(reason))"
            case .badFilter: "bad capture filter: \(reason)"
            case .failed: "cannot capture on \(interface): \(reason)"
            }
        }
    }

    /// Kernel counters of a capture.
    public struct Statistics: Sendable, Hashable {
        /// Packets the filter accepted.
        public var received: UInt32
        /// Packets dropped because the buffer was full.
        public var dropped: UInt32
        /// Packets the interface dropped.
        public var interfaceDropped: UInt32
    }

    /// The interface captured on.
    public let interface: String
    /// Link type of the interface (its DLT value is `linkType.rawValue`).
    public let linkType: LinkType
    /// Bytes kept per packet.
    public let snapshotLength: Int
    /// Packets returned so far.
    public private(set) var packetsRead = 0
    private let handle: OpaquePointer
    private let selectableDescriptor: Int32
    private let timeoutMilliseconds: Int32

    /// Opens `interface` ("any" for all) for capture, not promiscuous, delivering packets at once (immediate
    /// mode) and waking at least every `timeoutMilliseconds`, with a kernel buffer of `bufferBytes`.
    public init(interface: String, snapshotLength: Int = 262_144, bufferBytes: Int = 32 << 20,
                timeoutMilliseconds: Int32 = 100) throws(Failure) {
        self.interface = interface
        self.snapshotLength = snapshotLength
        var errorBuffer = [CChar](repeating: 0, count: Int(PCAP_ERRBUF_SIZE) + 1)
        guard let raw = pcap_create(interface, &errorBuffer) else {
            throw Failure(kind: .failed, interface: interface, reason: Self.text(errorBuffer))
        }
        pcap_set_snaplen(raw, Int32(clamping: snapshotLength))
        pcap_set_promisc(raw, 0)
        pcap_set_timeout(raw, timeoutMilliseconds)
        pcap_set_immediate_mode(raw, 1)
        // libpcap's default 2 MiB holds only eight 256 KiB slots in immediate mode: a busy machine that lets the
        // decoding fall behind by a burst of loopback segments would lose packets (seen with `-i any` under load).
        pcap_set_buffer_size(raw, Int32(clamping: bufferBytes))
        let status = pcap_activate(raw)
        if status < 0 {
            let detail = String(cString: pcap_geterr(raw))
            let reason = detail.isEmpty ? String(cString: pcap_statustostr(status)) : detail
            pcap_close(raw)
            let kind: Failure.Kind =
                switch status {
                case PCAP_ERROR_PERM_DENIED: .permissionDenied
                case PCAP_ERROR_NO_SUCH_DEVICE: .noSuchInterface
                case PCAP_ERROR_IFACE_NOT_UP: .interfaceDown
                default: reason.contains("Operation not permitted") ? .permissionDenied : .failed
                }
            throw Failure(kind: kind, interface: interface, reason: reason)
        }
        // Non-blocking, waited on with poll(2) here: in immediate mode libpcap's own wait ignores the timeout, and a
        // poll we own returns on a signal (EINTR), so a stop request is seen at once.
        guard pcap_setnonblock(raw, 1, &errorBuffer) == 0 else {
            pcap_close(raw)
            throw Failure(kind: .failed, interface: interface, reason: Self.text(errorBuffer))
        }
        handle = raw
        selectableDescriptor = pcap_get_selectable_fd(raw)
        self.timeoutMilliseconds = timeoutMilliseconds
        linkType = LinkType(rawValue: UInt32(bitPattern: pcap_datalink(raw)))
    }

    deinit { pcap_close(handle) }

    /// Keeps only packets matching the BPF `expression` (compiled by libpcap, applied in the kernel).
    public func setFilter(_ expression: String) throws(Failure) {
        var program = bpf_program()
        guard pcap_compile(handle, &program, expression, 1, PCAP_NETMASK_UNKNOWN) == 0 else {
            throw Failure(kind: .badFilter, interface: interface, reason: String(cString: pcap_geterr(handle)))
        }
        defer { pcap_freecode(&program) }
        guard pcap_setfilter(handle, &program) == 0 else {
            throw Failure(kind: .badFilter, interface: interface, reason: String(cString: pcap_geterr(handle)))
        }
    }

    /// The next packet, or nil when none arrived within the timeout (or a signal came).
    public func next() throws(Failure) -> CapturedPacket? {
        if let packet = try read() { return packet }
        guard selectableDescriptor >= 0 else {
            // Nothing to wait on (a device libpcap cannot select on): a short pause instead, so the caller's loop
            // does not spin on an idle non-blocking read. poll with no descriptors sleeps and returns on a signal.
            _ = poll(nil, 0, min(timeoutMilliseconds, 10))
            return nil
        }
        var request = pollfd(fd: selectableDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, timeoutMilliseconds) > 0 else { return nil }
        return try read()
    }

    /// One packet if libpcap has one ready.
    private func read() throws(Failure) -> CapturedPacket? {
        var header: UnsafeMutablePointer<pcap_pkthdr>?
        var data: UnsafePointer<UInt8>?
        let status = pcap_next_ex(handle, &header, &data)
        switch status {
        case 1:
            guard let header, let data else { return nil }
            packetsRead += 1
            // SAFETY: libpcap guarantees `caplen` bytes at `data` until the next call on this handle.
            return CapturedPacket(number: packetsRead, header: header.pointee, data: data, linkType: linkType)
        case 0, PCAP_ERROR_BREAK:
            return nil
        default:
            throw Failure(kind: .failed, interface: interface, reason: String(cString: pcap_geterr(handle)))
        }
    }

    /// The kernel's counters so far (nil when libpcap cannot tell).
    public var statistics: Statistics? {
        var stats = pcap_stat()
        guard pcap_stats(handle, &stats) == 0 else { return nil }
        return Statistics(received: stats.ps_recv, dropped: stats.ps_drop, interfaceDropped: stats.ps_ifdrop)
    }

    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
