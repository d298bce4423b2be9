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
            if let url = invocation.argument("url"), !invocation.flag("force"), let problem = mediaURLProblem(url) {
                throw .validation("'\(url)' is not a media URL: \(problem); --force sends it as the contentId anyway")
            }
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

    /// `--member` of `volume` and `mute`: a speaker group's member, by name or id; `what` is what happens to it.
    static func member(_ what: String) -> OptionSpec {
        .option("member", value: "name|id", help: "\(what) this member only, through its group (multizone).")
    }

    /// Why `text` is not an absolute http(s) URL with a host a device could fetch, or nil when it is one.
    static func mediaURLProblem(_ text: String) -> String? {
        guard let separator = text.firstRange(of: "://") else { return "no scheme (http:// or https://)" }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return "the scheme '\(scheme)' is not http or https" }
        let rest = text[separator.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.split(separator: "@").last.map(String.init) ?? ""
        guard !host.isEmpty, host != ":" , !host.hasPrefix(":") else { return "no host" }
        if text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) {
            return "it holds spaces or control characters (percent-encode them)"
        }
        return nil
    }

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
