import CastDiscovery
import FuzzSupport

// Feeds arbitrary text to the `--device`, CASTSCOPE_KNOWN_DEVICES, seen-devices cache and ARP-table parsers: they never crash, an address that
// parses makes a device at that address, and every known-devices list that parses names each device and port.
@inline(never)
func fuzzDeviceLookup(_ bytes: [UInt8]) -> Int {
    let text = String(decoding: bytes, as: UTF8.self)
    var found = 0
    if let (ip, port) = DeviceAddress.parse(text) {
        let device = Device(name: text, address: ip, port: port)
        precondition(device.servicePort == port && device.networkAddress == ip, "address device lost its address")
        found += 1
    }
    do throws(KnownDevices.ParseError) {
        let devices = try KnownDevices.parse(text)
        precondition(devices.allSatisfy { !$0.friendlyName.isEmpty }, "a known device without a name")
        found += devices.count
    } catch {
        precondition(text.contains(error.entry), "the error names an entry that is not in the input")
    }
    // The seen-devices cache and the ARP table are device lists too: never a crash, never more than their caps.
    if let entries = try? SeenDevicesCache.parse(bytes) {
        precondition(entries.count <= SeenDevicesCache.capacity, "cache over capacity")
        found += entries.count
    }
    found += GoogleNeighbours.parseARP(text).count + GoogleNeighbours.parseIPNeighbours(text).count
    return found
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    withExtendedLifetime(fuzzDeviceLookup(fuzzInput(data, size))) {}
    return 0
}

fuzzMain(fuzzOneInput)
