/// Why a capture file could not be read, with where: the file, the packet number and the byte offset.
public struct CaptureError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of fault.
    public enum Kind: Sendable, Hashable {
        /// The file does not exist or cannot be opened.
        case cannotOpen
        /// The file is gzip-compressed; libpcap cannot read it.
        case compressed
        /// The file's header is not a pcap or pcapng header libpcap accepts (wrong magic, absurd snaplen).
        case badHeader
        /// A packet record ends before the length it announces (the file was cut).
        case truncated
        /// A packet record is malformed (absurd lengths, bad block).
        case malformed
    }

    /// The kind of fault.
    public var kind: Kind
    /// The file path.
    public var file: String
    /// The 1-based number of the packet that could not be read (0: the file header).
    public var packetNumber: Int
    /// Byte offset in the file where the faulty record starts (best known; -1 when not known).
    public var byteOffset: Int
    /// libpcap's or our reason.
    public var reason: String

    /// An error from its parts.
    public init(kind: Kind, file: String, packetNumber: Int, byteOffset: Int, reason: String) {
        self.kind = kind
        self.file = file
        self.packetNumber = packetNumber
        self.byteOffset = byteOffset
        self.reason = reason
    }

    /// "capture.pcap: packet 12 at byte offset 4096: truncated dump file…" (a pcapng read from a pipe has no
    /// known offsets: "standard input: packet 12: …").
    public var description: String {
        let name = file == PcapSource.standardInput ? "standard input" : file
        // A file that could not be opened (or is gzip'd) has no header or offset to speak of.
        if kind == .cannotOpen || kind == .compressed { return "\(name): \(reason)" }
        let offset = byteOffset >= 0 ? " at byte offset \(byteOffset)" : ""
        return packetNumber == 0
            ? "\(name): file header\(offset): \(reason)"
            : "\(name): packet \(packetNumber)\(offset): \(reason)"
    }
}
