import CastJSON
public import CastNet
import Foundation

/// The devices castscope found before (`discover`, `cast`), remembered in `$XDG_CACHE_HOME/castscope/devices.json`
/// (`~/.cache/castscope/devices.json` by default) so `discover --diagnose` can probe them by unicast when mDNS
/// finds nothing. At most 32 devices, newest first; the file is owner-only.
public struct SeenDevicesCache: Sendable {
    /// One remembered device.
    public struct Entry: Sendable, Hashable {
        /// The friendly name.
        public var name: String
        /// The device id (TXT `id`).
        public var deviceID: String
        /// Where it answered.
        public var address: IPAddress
        /// Its Cast port.
        public var port: UInt16
        /// When it was last seen, in seconds since 1970.
        public var lastSeen: Int64
    }

    /// The most devices kept.
    public static let capacity = 32
    /// How old an entry may be to be probed as a guess: 30 days, in seconds.
    public static let maximumAge: Int64 = 30 * 86_400
    /// The largest file read.
    public static let maximumFileBytes = 256 * 1024

    /// The file.
    public let path: String

    /// The cache at `path`.
    public init(path: String) { self.path = path }

    /// The cache under `$XDG_CACHE_HOME` or `$HOME/.cache`; nil when neither is set.
    public static func standard(environment: [String: String]) -> SeenDevicesCache? {
        let base: String
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            base = cache
        } else if let home = environment["HOME"], !home.isEmpty {
            base = home + "/.cache"
        } else {
            return nil
        }
        return SeenDevicesCache(path: base + "/castscope/devices.json")
    }

    /// The remembered devices, newest first; none when the file does not exist.
    public func load() throws(SeenDevicesCacheError) -> [Entry] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw SeenDevicesCacheError(path, "cannot be opened") }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: Self.maximumFileBytes + 1)) ?? Data()
        guard data.count <= Self.maximumFileBytes else {
            throw SeenDevicesCacheError(path, "is over \(Self.maximumFileBytes) bytes")
        }
        return try Self.parse(Array(data), path: path)
    }

    /// The entries of the file's bytes: a JSON array of `{"name","id","address","port","seen"}` objects.
    public static func parse(_ bytes: [UInt8], path: String = "devices.json") throws(SeenDevicesCacheError) -> [Entry] {
        let json: JSONValue
        do throws(JSONError) {
            json = try JSONValue(parsing: bytes)
        } catch {
            throw SeenDevicesCacheError(path, "is not JSON: \(error)")
        }
        guard let items = json.arrayValue else { throw SeenDevicesCacheError(path, "is not a JSON array") }
        var entries: [Entry] = []
        for (index, item) in items.prefix(capacity).enumerated() {
            guard let name = item["name"]?.stringValue, let id = item["id"]?.stringValue,
                let text = item["address"]?.stringValue, let address = IPAddress(text),
                let port = item["port"]?.intValue, (1...65535).contains(port), let seen = item["seen"]?.intValue
            else {
                throw SeenDevicesCacheError(path, "entry \(index) lacks a name, id, address, port (1–65535) or seen time")
            }
            entries.append(Entry(name: name, deviceID: id, address: address, port: UInt16(port), lastSeen: seen))
        }
        return entries
    }

    /// Remembers `devices` as seen at `now` (replacing older entries of the same id), keeps the newest `capacity`.
    /// A cache that cannot be read is started afresh; one that cannot be written throws.
    public func record(_ devices: [Device], now: Int64) throws(SeenDevicesCacheError) {
        let fresh = devices.compactMap { device -> Entry? in
            // IPv4 or a routable IPv6 address: a link-local one means nothing without its interface.
            guard let address = device.addresses.first(where: { address in
                if case .v6(let ip) = address { return !ip.isLinkLocal }
                return true
            }) else { return nil }
            return Entry(
                name: device.friendlyName, deviceID: device.deviceID, address: address, port: device.servicePort,
                lastSeen: now)
        }
        guard !fresh.isEmpty else { return }
        let ids = Set(fresh.map(\.deviceID))
        let kept = ((try? load()) ?? []).filter { !ids.contains($0.deviceID) }
        let all = (fresh + kept).sorted { $0.lastSeen > $1.lastSeen }.prefix(Self.capacity)
        let array = JSONValue.array(
            all.map { entry in
                .object([
                    "name": .string(entry.name), "id": .string(entry.deviceID), "address": .string("\(entry.address)"),
                    "port": .int(Int64(entry.port)), "seen": .int(entry.lastSeen),
                ])
            })
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw SeenDevicesCacheError(directory, "cannot be created")
        }
        // Written beside and renamed over, so a reader never sees half a file.
        let temporary = path + ".\(ProcessInfo.processInfo.processIdentifier).tmp"
        guard FileManager.default.createFile(
            atPath: temporary, contents: Data((array.serialized() + "\n").utf8), attributes: [.posixPermissions: 0o600])
        else { throw SeenDevicesCacheError(temporary, "cannot be written") }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw SeenDevicesCacheError(path, "cannot be replaced")
        }
    }
}

/// A seen-devices cache that could not be read or written.
public struct SeenDevicesCacheError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file or directory.
    public let path: String
    /// What is wrong with it.
    public let problem: String

    init(_ path: String, _ problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String { "seen-devices cache \(path) \(problem)" }
}
