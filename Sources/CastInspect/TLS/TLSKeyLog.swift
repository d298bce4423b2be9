/// TLS secrets from NSS key log lines (`SSLKEYLOGFILE`, `--keylog`, pcapng Decryption Secrets Blocks), by client random.
public struct TLSKeyLog: Sendable {
    /// The secrets logged for one session.
    public struct Secrets: Sendable, Hashable {
        /// TLS 1.2 master secret (`CLIENT_RANDOM`).
        public var masterSecret: [UInt8]?
        /// TLS 1.3 `CLIENT_HANDSHAKE_TRAFFIC_SECRET`.
        public var clientHandshake: [UInt8]?
        /// TLS 1.3 `SERVER_HANDSHAKE_TRAFFIC_SECRET`.
        public var serverHandshake: [UInt8]?
        /// TLS 1.3 `CLIENT_TRAFFIC_SECRET_0`.
        public var clientTraffic: [UInt8]?
        /// TLS 1.3 `SERVER_TRAFFIC_SECRET_0`.
        public var serverTraffic: [UInt8]?
        /// TLS 1.3 CLIENT_EARLY_TRAFFIC_SECRET (0-RTT data).
        public var clientEarly: [UInt8]?
    }

    /// Secrets by client random.
    public private(set) var sessions: [[UInt8]: Secrets] = [:]
    /// Lines that were neither comments, blank, nor well-formed entries.
    public private(set) var malformedLines = 0
    /// Well-formed key lines read (every label, including ones the inspector does not use).
    public private(set) var keyLines = 0
    /// Bytes of key-log text accepted so far; the log stops growing at `maximumBytes`.
    public private(set) var byteCount = 0
    /// The most key-log text kept (64 MiB): a key log is small, a huge one is not a key log.
    public static let maximumBytes = 64 << 20

    /// An empty key log.
    public init() {}

    /// True when no session has secrets.
    public var isEmpty: Bool { sessions.isEmpty }

    /// The secrets for `clientRandom`, if logged.
    public func secrets(forClientRandom clientRandom: [UInt8]) -> Secrets? { sessions[clientRandom] }

    /// Adds every line of `text` (NSS key log format).
    public mutating func add(text: some StringProtocol) {
        // `isNewline`, not `== "\n"`: a CRLF pair is one Character in Swift, equal to neither "\r" nor "\n".
        for line in text.split(whereSeparator: \.isNewline) {
            guard byteCount < Self.maximumBytes else { return }
            byteCount += line.utf8.count + 1
            add(line: line)
        }
    }

    /// Adds one line; returns false when it is malformed.
    @discardableResult
    public mutating func add(line: some StringProtocol) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return true }
        let fields = String(trimmed).split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count == 3, let random = Self.hex(fields[1]), random.count == 32,
              let secret = Self.hex(fields[2]), !secret.isEmpty
        else {
            malformedLines += 1
            return false
        }
        keyLines += 1
        var entry = sessions[random] ?? Secrets()
        switch fields[0] {
        case "CLIENT_RANDOM": entry.masterSecret = secret
        case "CLIENT_HANDSHAKE_TRAFFIC_SECRET": entry.clientHandshake = secret
        case "SERVER_HANDSHAKE_TRAFFIC_SECRET": entry.serverHandshake = secret
        case "CLIENT_TRAFFIC_SECRET_0": entry.clientTraffic = secret
        case "SERVER_TRAFFIC_SECRET_0": entry.serverTraffic = secret
        case "CLIENT_EARLY_TRAFFIC_SECRET": entry.clientEarly = secret
        default: return true  // EXPORTER_SECRET, EARLY_EXPORTER_SECRET: valid lines the inspector does not need
        }
        sessions[random] = entry
        return true
    }

    /// Hex text to bytes; nil for odd lengths or non-hex characters.
    static func hex(_ text: Substring) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
