/// Writes the `_googlecast._tcp` TXT strings a Cast device publishes (protocol.md §3.2), in the order devices
/// send them; `CastTXTRecord` reads them back. Each string is cut to the 255 bytes DNS allows (RFC 6763 §6.1), at a
/// character boundary.
public struct CastTXTWriter: Sendable, Hashable {
    /// `id`: the device id, 32 hex digits on real devices.
    public var id: String
    /// `fn`: the friendly name.
    public var friendlyName: String
    /// `md`: the model name.
    public var model: String
    /// `ca`: the capability bits.
    public var capabilities: CastCapabilities
    /// `ve`: the TXT version.
    public var version = "05"
    /// `st`: 0 idle, 1 an app is running.
    public var status = 0
    /// `rs`: the running app's status text, empty when idle.
    public var runningStatus = ""
    /// `ic`: the icon's path on the device's HTTP server.
    public var iconPath = "/setup/icon.png"
    /// `bs`: the build signature.
    public var buildSignature: String?
    /// `cd`: the certificate digest; devices send the id upper-cased.
    public var certificateDigest: String?
    /// `nf`: 1 on devices that support network-features negotiation.
    public var networkFeatures: Int?
    /// `rm`: the receiver-metrics id, empty on most devices.
    public var receiverMetricsID: String? = ""

    /// A record with the fields every device sends; set the others as wanted.
    public init(id: String, friendlyName: String, model: String, capabilities: CastCapabilities) {
        self.id = id
        self.friendlyName = friendlyName
        self.model = model
        self.capabilities = capabilities
    }

    /// The TXT strings, `key=value` each.
    public var strings: [String] {
        var pairs: [(String, String)] = [("id", id)]
        if let certificateDigest { pairs.append(("cd", certificateDigest)) }
        if let receiverMetricsID { pairs.append(("rm", receiverMetricsID)) }
        pairs += [("ve", version), ("md", model), ("ic", iconPath), ("fn", friendlyName),
                  ("ca", String(capabilities.rawValue)), ("st", String(status))]
        if let buildSignature { pairs.append(("bs", buildSignature)) }
        if let networkFeatures { pairs.append(("nf", String(networkFeatures))) }
        pairs.append(("rs", runningStatus))
        return pairs.map { Self.fitted($0 + "=" + $1) }
    }

    /// `text` cut to at most 255 UTF-8 bytes without splitting a character.
    private static func fitted(_ text: String) -> String {
        guard text.utf8.count > 255 else { return text }
        var result = ""
        var length = 0
        for character in text {
            let size = character.utf8.count
            guard length + size <= 255 else { break }
            result.append(character)
            length += size
        }
        return result
    }
}
