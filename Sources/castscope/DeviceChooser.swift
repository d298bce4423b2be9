import CastCLI
import CastDiscovery
import CastNet
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How `castscope cast` picks its device when `--device` is not given: the only device found, or — when several
/// are found — the one the user picks from a numbered list on the terminal. Without a terminal on standard input
/// there is nobody to ask, so it fails listing the devices and pointing at `--device`.
/// (`DeviceLookup` in CastDiscovery finds the devices; this is the terminal part.)
enum DeviceChooser {
    /// How many unusable answers are tolerated before giving up.
    static let attempts = 3

    /// The device to use among `devices` (ordered by friendly name, as GCKDiscoveryManager lists them): the only
    /// one; else, when `interactive`, the one picked by number or name from lines `readLine` returns; else a
    /// failure listing them.
    static func choose(
        from devices: [Device], interactive: Bool, readLine: () -> String?,
        _ io: any CommandOutput
    ) throws(CommandFailure) -> Device {
        let sorted = devices.sorted { ($0.friendlyName, $0.deviceID) < ($1.friendlyName, $1.deviceID) }
        guard let first = sorted.first else {
            throw CommandFailure("no Cast device found; check the network, or pass --device HOST[:PORT]")
        }
        if sorted.count == 1 { return first }
        guard interactive else {
            throw CommandFailure(
                "\(sorted.count) Cast devices found and standard input is not a terminal, "
                    + "so there is nobody to ask; choose one with --device NAME|ID|HOST[:PORT]:\n" + listing(sorted))
        }
        io.printError("\(sorted.count) Cast devices found:")
        for (index, device) in sorted.enumerated() { io.printError("  \(index + 1)) \(describe(device))") }
        for _ in 0..<attempts {
            io.write("Choose a device [1-\(sorted.count)]: ", to: .error)
            guard let line = readLine() else { break }
            let answer = line.trimmingCharacters(in: .whitespaces)
            if let number = Int(answer), (1...sorted.count).contains(number) { return sorted[number - 1] }
            if let named = sorted.first(where: { $0.friendlyName == answer || $0.deviceID == answer }) {
                return named
            }
            io.printError("\"\(answer)\" is not one of the numbers 1-\(sorted.count) or a listed name.")
        }
        throw CommandFailure("no device chosen; pass --device NAME|ID|HOST[:PORT]:\n" + listing(sorted))
    }

    /// Whether standard input is a terminal someone can answer on.
    static var standardInputIsTerminal: Bool { isatty(0) == 1 }

    private static func describe(_ device: Device) -> String {
        let address =
            device.networkAddress.map { SocketAddress(ip: $0, port: device.servicePort).description }
            ?? "\(device.host):\(device.servicePort)"
        return device.deviceID == address || device.deviceID == device.friendlyName
            ? "\(device.friendlyName)  \(address)"
            : "\(device.friendlyName) (\(device.deviceID))  \(address)"
    }

    private static func listing(_ devices: [Device]) -> String {
        devices.map { "  \(describe($0))" }.joined(separator: "\n")
    }
}
