import CastWire
import Testing

@testable import CastInspect

/// Addresses kept inline compare, hash and order exactly as their byte arrays did.
@Suite struct IPAddressBytesTests {
    /// A spread of IPv4 and IPv6 addresses, with shared prefixes and an IPv6 address that begins with an IPv4 one.
    static let samples: [[UInt8]] = {
        var all: [[UInt8]] = [[10, 0, 0, 1], [10, 0, 0, 2], [224, 0, 0, 251], [255, 255, 255, 255], [0, 0, 0, 0],
                              [10, 0, 0, 1] + [UInt8](repeating: 0, count: 12),
                              [0xFF, 0x02] + [UInt8](repeating: 0, count: 13) + [0xFB], [10, 0, 0, 1, 7, 9], []]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for index in 0..<200 {
            var bytes: [UInt8] = []
            for _ in 0..<(index % 2 == 0 ? 4 : 16) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(UInt8(truncatingIfNeeded: state >> 59))  // few distinct values: many shared prefixes
            }
            all.append(bytes)
        }
        return all
    }()

    @Test func bytesRoundTripAndEveryByteReads() {
        for bytes in Self.samples {
            let address = IPAddressBytes(bytes)
            #expect(address.bytes == bytes)
            #expect(address.count == bytes.count)
            #expect((0..<bytes.count).map { address[$0] } == bytes)
        }
    }

    @Test func orderEqualityAndHashAreThoseOfTheByteArrays() {
        for a in Self.samples {
            for b in Self.samples {
                let (x, y) = (IPAddressBytes(a), IPAddressBytes(b))
                #expect((x < y) == a.lexicographicallyPrecedes(b), "\(a) < \(b)")
                #expect((x == y) == (a == b), "\(a) == \(b)")
                if a == b { #expect(x.hashValue == y.hashValue) }
            }
        }
    }

    @Test func endpointsAreReadFromTheHeaderWhereTheyLie() throws {
        let packet = PcapBuilder.ipv4(source: [192, 168, 1, 7], destination: [224, 0, 0, 251], proto: 17,
                                      transport: PcapBuilder.udp(sourcePort: 5353, destinationPort: 5353, payload: [1]))
        // Inside a larger buffer (a region of a read chunk), at an offset.
        let storage = [UInt8](repeating: 0xAA, count: 37) + packet + [UInt8](repeating: 0xBB, count: 5)
        let sliced = PacketSlicer.lax(storage, range: 37..<37 + packet.count, linkType: .ethernet)
        let network = try #require(sliced.network)
        let (source, destination) = IPAddressBytes.endpoints(of: network)
        #expect(source.bytes == [192, 168, 1, 7])
        #expect(destination == .mdnsIPv4)
        #expect(FlowEndpoint(ip: source, port: 5353).label == "192.168.1.7:5353")
    }
}
