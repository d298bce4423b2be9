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
///
/// `CASTSCOPE_KNOWN_DEVICES="Kitchen TV=192.168.1.20;Den=192.168.1.21:8009"` replaces mDNS discovery with a fixed
/// list (pychromecast's "known hosts"), for networks where multicast does not get through, scripts and tests.
enum DeviceChooser {
    /// Why no device could be picked (exit 1 with this text after `Error:`).
    struct Failure: Error, CustomStringConvertible {
        /// The message, with the device list when there is one.
        let description: String
    }

    /// The environment variable with the fixed device list.
    static let knownDevicesVariable = "CASTSCOPE_KNOWN_DEVICES"

    /// How many unusable answers are tolerated before giving up.
    static let attempts = 3

    /// The devices listed in `CASTSCOPE_KNOWN_DEVICES` (`NAME=HOST[:PORT]`, `;`-separated), nil when it is unset.
    static func knownDevices(_ environment: [String: String]) throws(Failure) -> [Device]? {
        guard let text = environment[knownDevicesVariable] else { return nil }
        var devices: [Device] = []
        for entry in text.split(separator: ";") where !entry.trimmingCharacters(in: .whitespaces).isEmpty {
            let parts = entry.split(separator: "=", maxSplits: 1)
            let name = parts.count == 2 ? parts[0].trimmingCharacters(in: .whitespaces) : ""
            let address = parts.count == 2 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
            guard !name.isEmpty, let (ip, port) = hostPort(address) else {
                throw Failure(description: "\(knownDevicesVariable): \"\(entry)\" is not NAME=HOST[:PORT]")
            }
            devices.append(device(named: name, ip: ip, port: port))
        }
        return devices
    }

    /// A device known only by name and address.
    static func device(named name: String, ip: IPAddress, port: UInt16) -> Device {
        let address = SocketAddress(ip: ip, port: port).description
        return Device(
            instanceName: name, instanceLabel: name, host: ip.description, port: port, addresses: [ip],
            txt: [Array("id=\(address)".utf8), Array("fn=\(name)".utf8)], interfaceIndex: 0,
            via: .builtin)
    }

    /// `HOST` (port 8009) or `HOST:PORT` with a numeric host.
    static func hostPort(_ text: String) -> (IPAddress, UInt16)? {
        if let ip = IPAddress(text) { return (ip, 8009) }
        guard let address = SocketAddress(parsing: text) else { return nil }
        return (address.ip, address.port)
    }

    /// The device to use among `devices` (ordered by friendly name, as GCKDiscoveryManager lists them): the only
    /// one; else, when `interactive`, the one picked by number or name from lines `readLine` returns; else a
    /// failure listing them.
    static func choose(
        from devices: [Device], interactive: Bool, readLine: () -> String?,
        _ io: any CommandOutput
    ) throws(Failure) -> Device {
        let sorted = devices.sorted { ($0.friendlyName, $0.deviceID) < ($1.friendlyName, $1.deviceID) }
        guard let first = sorted.first else {
            throw Failure(description: "no Cast device found; check the network, or pass --device HOST[:PORT]")
        }
        if sorted.count == 1 { return first }
        guard interactive else {
            throw Failure(
                description: "\(sorted.count) Cast devices found and standard input is not a terminal, "
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
        throw Failure(description: "no device chosen; pass --device NAME|ID|HOST[:PORT]:\n" + listing(sorted))
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
