import CastNet
import Foundation
import Testing

@testable import CastDiscovery

/// Where `--diagnose` finds addresses to probe besides `--host`: neighbours with a Google OUI, devices seen before.
@Suite struct CandidateSourcesTests {
    static let arp = """
        IP address       HW type     Flags       HW address            Mask     Device
        192.168.1.20     0x1         0x2         f4:f5:d8:12:34:56     *        wlan0
        192.168.1.1      0x1         0x2         aa:bb:cc:dd:ee:ff     *        wlan0
        192.168.1.30     0x1         0x0         00:00:00:00:00:00     *        wlan0
        192.168.1.31     0x1         0x0         3c:5a:b4:00:00:01     *        wlan0
        10.0.0.7         0x1         0x2         3C:5A:B4:AB:CD:EF     *        eth1
        10.0.0.8         0x1         0x2         3c:5a:b4:zz:cd:ef     *        eth1
        not an entry at all
        """

    @Test func neighboursWithAGoogleOUIAreCandidatesAndIncompleteOrOtherEntriesAreNot() {
        #expect(GoogleNeighbours.parseARP(Self.arp) == [IPAddress("192.168.1.20"), IPAddress("10.0.0.7")].compactMap { $0 })
        #expect(GoogleNeighbours.parseARP(Self.arp, interfaces: ["eth1"]) == [IPAddress("10.0.0.7")].compactMap { $0 })
        #expect(GoogleNeighbours.parseARP("") == [])
    }

    @Test func ipv6NeighboursWithAGoogleOUIAreCandidatesButLinkLocalOrFailedOnesAreNot() {
        let text = """
            2001:db8::20 dev wlan0 lladdr f4:f5:d8:12:34:56 REACHABLE
            fe80::f6f5:d8ff:fe12:3456 dev wlan0 lladdr f4:f5:d8:12:34:56 router STALE
            2001:db8::21 dev wlan0 lladdr f4:f5:d8:12:34:57 FAILED
            2001:db8::22 dev wlan0 lladdr aa:bb:cc:dd:ee:ff REACHABLE
            2001:db8::23 dev eth1 lladdr 3c:5a:b4:00:00:01 STALE
            2001:db8::24 dev wlan0  INCOMPLETE
            """
        #expect(GoogleNeighbours.parseIPNeighbours(text) == [IPAddress("2001:db8::20"), IPAddress("2001:db8::23")].compactMap { $0 })
        #expect(GoogleNeighbours.parseIPNeighbours(text, interfaces: ["eth1"]) == [IPAddress("2001:db8::23")].compactMap { $0 })
    }

    @Test func seenDevicesAreRememberedNewestFirstReplacingTheSameIDAndCapped() throws {
        let directory = NSTemporaryDirectory() + "castscope-seen-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = SeenDevicesCache(path: directory + "/castscope/devices.json")
        #expect(try cache.load() == [])
        let kitchen = Device(name: "Kitchen", address: IPAddress("192.168.1.20") ?? .v4(.any), deviceID: "aaaa")
        try cache.record([kitchen], now: 100)
        var moved = kitchen
        moved.addresses = [IPAddress("192.168.1.21") ?? .v4(.any)]
        let den = Device(name: "Den", address: IPAddress("192.168.1.22") ?? .v4(.any), port: 8010, deviceID: "bbbb")
        try cache.record([den], now: 200)
        try cache.record([moved], now: 300)
        let entries = try cache.load()
        #expect(entries.map(\.name) == ["Kitchen", "Den"])
        #expect(entries.first?.address == IPAddress("192.168.1.21"))
        #expect(entries.last?.port == 8010)
        let attributes = try FileManager.default.attributesOfItem(atPath: cache.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let many = (0..<40).map { Device(name: "TV \($0)", address: .v4(IPv4Address(10, 0, 0, UInt8($0))), deviceID: "id\($0)") }
        try cache.record(many, now: 400)
        #expect(try cache.load().count == SeenDevicesCache.capacity)
    }

    @Test func aDamagedCacheIsAClearErrorAndIsStartedAfreshOnTheNextRecord() throws {
        #expect(throws: SeenDevicesCacheError.self) { try SeenDevicesCache.parse(Array("{not json".utf8)) }
        do {
            _ = try SeenDevicesCache.parse(Array(#"[{"name":"A","id":"x","address":"10.0.0.1","port":8009,"seen":1},{"name":"B"}]"#.utf8))
            Issue.record("an entry without its fields was accepted")
        } catch {
            #expect(error.description.contains("entry 1 lacks"), "\(error)")
        }
        let directory = NSTemporaryDirectory() + "castscope-seen-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let cache = SeenDevicesCache(path: directory + "/devices.json")
        #expect(FileManager.default.createFile(atPath: cache.path, contents: Data("garbage".utf8)))
        #expect(throws: SeenDevicesCacheError.self) { try cache.load() }
        try cache.record([Device(name: "Kitchen", address: .v4(.loopback), deviceID: "k")], now: 5)
        #expect(try cache.load().map(\.name) == ["Kitchen"])
    }

    @Test func theStandardPlaceFollowsXDGCacheHomeThenHome() {
        #expect(SeenDevicesCache.standard(environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"])?.path == "/x/castscope/devices.json")
        #expect(SeenDevicesCache.standard(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"])?.path == "/h/.cache/castscope/devices.json")
        #expect(SeenDevicesCache.standard(environment: [:]) == nil)
    }
}
