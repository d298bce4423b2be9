/// The Cast V2 Wireshark dissector castscope ships (`wireshark/castv2.lua`) and where Wireshark looks for it.
public enum WiresharkPlugin {
    /// The plugin's file name.
    public static let fileName = "castv2.lua"

    /// Wireshark's personal Lua plugin folder on Linux, `~/.local/lib/wireshark/plugins` (what
    /// `tshark -G folders` prints as "Personal Lua Plugins"); nil without `HOME`.
    public static func personalPluginDirectory(environment: [String: String]) -> String? {
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.local/lib/wireshark/plugins"
    }
}
