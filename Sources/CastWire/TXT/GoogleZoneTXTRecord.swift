/// The TXT record of a `_googlezone._tcp` instance: each speaker that can join groups publishes one (port 10001 on
/// real devices), with `id` (the speaker's device id, as in its `_googlecast._tcp` TXT) and `__common_time__` (the
/// speaker's shared-clock parameters, kept as text).
public struct GoogleZoneTXTRecord: Sendable, Hashable {
    /// The DNS-SD service type, with the domain.
    public static let serviceType = "_googlezone._tcp.local."
    /// The port real speakers advertise.
    public static let defaultPort: UInt16 = 10001

    /// `id`: the speaker's device id, as written.
    public var id: String?
    /// `__common_time__`: opaque clock parameters.
    public var commonTime: String?
    /// Every string as key and value (keys lower-cased, nil for a bare key), in wire order, the first occurrence of
    /// a key winning.
    public private(set) var values: [(key: String, value: String?)] = []

    /// Parses TXT strings (RFC 6763 §6: keys without ASCII case, the first occurrence wins, a bare key has no value).
    public init<Strings: Sequence>(strings: Strings) where Strings.Element: Collection, Strings.Element.Element == UInt8 {
        var seen: Set<String> = []
        for string in strings {
            let bytes = Array(string)
            guard !bytes.isEmpty, bytes.first != UInt8(ascii: "=") else { continue }
            let equals = bytes.firstIndex(of: UInt8(ascii: "=")) ?? bytes.endIndex
            let key = String(decoding: bytes[..<equals], as: UTF8.self).lowercased()
            guard seen.insert(key).inserted else { continue }
            let value = equals < bytes.endIndex ? String(decoding: bytes[(equals + 1)...], as: UTF8.self) : nil
            values.append((key, value))
            switch key {
            case "id": id = value
            case "__common_time__": commonTime = value
            default: break
            }
        }
    }

    /// A record to publish for a speaker.
    public init(id: String, commonTime: String) {
        self.init(strings: ["id=\(id)", "__common_time__=\(commonTime)"].map { Array($0.utf8) })
    }

    /// The strings to publish, in wire order.
    public var strings: [String] { values.map { entry in entry.value.map { "\(entry.key)=\($0)" } ?? entry.key } }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.strings == rhs.strings }
    public func hash(into hasher: inout Hasher) { hasher.combine(strings) }
}
