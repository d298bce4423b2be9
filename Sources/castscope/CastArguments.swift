import CastCLI
import CastDiscovery
import CastNet
import CastSender

/// The checks `castscope cast` makes on its command's arguments before it looks for a device: a mistyped value is
/// a usage error (exit 64) at once, not a connection, a launch and an `InvalidRequest` later.
enum CastArguments {
    /// Throws a usage error naming the first bad argument of command `name`.
    static func validate(_ name: String, _ invocation: Invocation) throws(CommandLineError) {
        if let device = invocation.option("device") { try checkDevice(device, option: "--device") }
        switch name {
        case "transfer":
            if let destination = invocation.option("to") { try checkDevice(destination, option: "--to") }
        case "seek": _ = try seek(invocation.argument("seconds") ?? "")
        case "rate":
            let rate = try number(invocation.argument("rate"), "rate")
            guard rate > 0 else { throw .validation("rate must be above 0 (1 is normal speed), not \(rate)") }
        case "volume":
            let level = try number(invocation.argument("level"), "volume level")
            guard (0...1).contains(level) else { throw .validation("volume level must be 0…1, not \(level)") }
        case "queue":
            // The parser checked the action against its values; only this pairing is left.
            if invocation.argument("action") == "load", invocation.arguments("url").isEmpty {
                throw .validation("queue load needs URLs")
            }
        case "send":
            let namespace = invocation.argument("namespace") ?? ""
            guard GenericCastChannel(namespace: namespace) != nil else {
                throw .validation("'\(namespace)' is not a custom namespace: give urn:x-cast:… (not a reserved one)")
            }
        case "load":
            if let start = invocation.option("start") {
                let seconds = try number(start, "--start")
                guard seconds >= 0 else { throw .validation("--start must be 0 or more seconds, not \(seconds)") }
            }
        default:
            break
        }
    }

    /// `seek`'s argument: `N` seeks to N seconds, `+N` and `-N` seek forward or back from the current position.
    static func seek(_ text: String) throws(CommandLineError) -> MediaSeekOptions {
        let relative = text.hasPrefix("+") || text.hasPrefix("-")
        let value = try number(text, "seek position")
        guard relative || value >= 0 else { throw .validation("seek position must be 0 or more seconds") }
        return MediaSeekOptions(interval: value, relative: relative)
    }

    /// `--member` of `volume` and `mute`: a speaker group's member, by name or id.
    static let member = OptionSpec.option(
        "member", value: "name|id", help: "Set this member's own volume, through its group (multizone).")

    /// The repeat modes by their command-line names.
    /// The `repeat` modes as typed, in the order help lists them.
    static let repeatModeNames = ["off", "all", "single", "all-and-shuffle"]

    static let repeatModes: [String: MediaRepeatMode] = [
        "off": .off, "all": .all, "single": .single, "all-and-shuffle": .allAndShuffle,
    ]

    private static func number(_ text: String?, _ what: String) throws(CommandLineError) -> Double {
        guard let text, let value = Double(text), value.isFinite else {
            throw .validation("\(what) must be a number, not '\(text ?? "")'")
        }
        return value
    }

    /// A device given as an address must have a usable port: `192.168.1.20:99999` is a typo, not a device name.
    private static func checkDevice(_ text: String, option: String) throws(CommandLineError) {
        if let (_, port) = DeviceAddress.parse(text) {
            guard port == 0 else { return }
            throw .validation("\(option) \(text): the port must be a number from 1 to 65535")
        }
        guard let colon = text.lastIndex(of: ":") else { return }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard IPAddress(host) != nil else { return }
        throw .validation("\(option) \(text): the port must be a number from 1 to 65535")
    }
}
