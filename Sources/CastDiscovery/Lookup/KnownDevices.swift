/// A fixed device list instead of mDNS (pychromecast's "known hosts"), for networks where multicast does not get
/// through, scripts and tests: `CASTSCOPE_KNOWN_DEVICES="Kitchen TV=192.168.1.20;Den=192.168.1.21:8009"`.
public enum KnownDevices {
    /// The environment variable holding the list.
    public static let environmentVariable = "CASTSCOPE_KNOWN_DEVICES"

    /// An entry that is not `NAME=HOST[:PORT]`.
    public struct ParseError: Error, CustomStringConvertible, Equatable {
        /// The offending entry, as written.
        public let entry: String
        /// The error for `entry`.
        public init(entry: String) { self.entry = entry }
        public var description: String { "\(KnownDevices.environmentVariable): \"\(entry)\" is not NAME=HOST[:PORT]" }
    }

    /// The devices of `text` (`NAME=HOST[:PORT]`, `;`-separated, blank entries ignored).
    public static func parse(_ text: String) throws(ParseError) -> [Device] {
        var devices: [Device] = []
        for entry in text.split(separator: ";") where !trimmed(entry).isEmpty {
            let parts = entry.split(separator: "=", maxSplits: 1)
            let name = parts.count == 2 ? trimmed(parts[0]) : ""
            let address = parts.count == 2 ? trimmed(parts[1]) : ""
            guard !name.isEmpty, let (ip, port) = DeviceAddress.parse(address) else {
                throw ParseError(entry: String(entry))
            }
            devices.append(Device(name: name, address: ip, port: port))
        }
        return devices
    }

    /// The list in `environment`, or nil when the variable is unset.
    public static func from(environment: [String: String]) throws(ParseError) -> [Device]? {
        try environment[environmentVariable].map { text throws(ParseError) in try parse(text) }
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
