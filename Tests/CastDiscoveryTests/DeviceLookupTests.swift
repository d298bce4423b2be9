import CastDiscovery
import CastNet
import Testing

/// `--device` resolution as a library: addresses, known hosts, names and ids, and the failures' advice.
@Suite struct DeviceLookupTests {
    @Test(arguments: [
        ("192.168.1.20", "192.168.1.20", UInt16(8009)), ("192.168.1.20:8010", "192.168.1.20", 8010),
        ("[fe80::1]:8009", "fe80::1", 8009), ("::1", "::1", 8009),
    ])
    func anAddressIsADeviceAtOnceWithTheCastPortByDefault(text: String, host: String, port: UInt16) async throws {
        let device = try await DeviceLookup(knownDevices: []).device(named: text)
        #expect(device.host == host && device.servicePort == port)
        #expect(device.friendlyName == text)
        #expect(device.deviceID == SocketAddress(ip: try #require(IPAddress(host)), port: port).description)
    }

    @Test(arguments: ["Kitchen", "192.168.1.20:", "kitchen:99999", "[fe80::1"])
    func textThatIsNotANumericAddressIsAName(text: String) {
        #expect(DeviceAddress.parse(text) == nil)
    }

    @Test func knownDevicesParseNamesAndAddressesAndSkipBlankEntries() throws {
        let devices = try KnownDevices.parse(" Kitchen TV = 192.168.1.20 ;; Den=192.168.1.21:8010;")
        #expect(devices.map(\.friendlyName) == ["Kitchen TV", "Den"])
        #expect(devices.map(\.servicePort) == [8009, 8010])
        #expect(try KnownDevices.from(environment: [:]) == nil)
    }

    @Test(arguments: ["Kitchen", "=192.168.1.20", "Kitchen=somehost", "Kitchen=1.2.3.4:x"])
    func aMalformedKnownDeviceEntryIsAnErrorNamingIt(entry: String) {
        #expect(throws: KnownDevices.ParseError(entry: entry)) { try KnownDevices.parse("Den=10.0.0.2;" + entry) }
        #expect("\(KnownDevices.ParseError(entry: entry))".contains("\"\(entry)\" is not NAME=HOST[:PORT]"))
    }

    @Test func aNameOrIdPicksTheOneKnownDeviceAnsweringToIt() async throws {
        let known = [
            Device(name: "Kitchen", address: .v4(IPv4Address(10, 0, 0, 1)), deviceID: "aaaa"),
            Device(name: "Den", address: .v4(IPv4Address(10, 0, 0, 2)), deviceID: "bbbb"),
        ]
        let lookup = DeviceLookup(knownDevices: known)
        #expect(try await lookup.device(named: "Den").deviceID == "bbbb")
        #expect(try await lookup.device(named: "aaaa").friendlyName == "Kitchen")
        #expect(try await lookup.allDevices().count == 2)
    }

    @Test func anUnknownNameListsWhatWasSeenAndATwiceUsedNameAsksForTheID() async {
        let known = [
            Device(name: "Den", address: .v4(IPv4Address(10, 0, 0, 1)), deviceID: "aaaa"),
            Device(name: "Den", address: .v4(IPv4Address(10, 0, 0, 2)), deviceID: "bbbb"),
        ]
        let lookup = DeviceLookup(knownDevices: known)
        await #expect {
            try await lookup.device(named: "Kitchen")
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("no device named \"Kitchen\" found; devices seen:") && text.contains("aaaa")
        }
        await #expect {
            try await lookup.device(named: "Den")
        } throws: { error in
            "\(error)".hasPrefix("several devices are named \"Den\"; choose one with --device ID or HOST[:PORT]")
        }
    }

    @Test func anInterfaceThatDoesNotExistIsDiscoveryUnavailableWithTheWayAround() async {
        await #expect {
            try await DeviceLookup(interfaceNames: ["castscope-none0"], timeout: .milliseconds(10))
                .device(named: "Kitchen")
        } throws: { error in
            "\(error)".hasPrefix("cannot look for Cast devices with mDNS (")
                && "\(error)".contains("CASTSCOPE_KNOWN_DEVICES")
        }
    }
}
