import CastJSON
import Testing

@testable import CastWire

/// A name written straight into JSON output reads exactly as its presentation form escaped by the tree emitter,
/// whatever bytes its labels hold and wherever in an eight-byte word they sit.
@Suite struct DNSNameJSONTests {
    static func written(_ name: DNSName) -> String {
        var out = JSONByteEmitter()
        out.string(name)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    static func expected(_ name: DNSName) -> String {
        var tree = JSONTreeEmitter()
        tree.string(name)
        return tree.result.serialized()
    }

    @Test func everyByteInEveryPositionOfALabelIsWrittenAsTheTreeWritesIt() throws {
        for byte in UInt8.min...UInt8.max {
            for position in [0, 3, 7, 8, 12] {
                var label = Array("abcdefghijklmnop".utf8)
                label[position] = byte
                let name = try #require(DNSName(labels: [label, Array("_googlecast".utf8), Array("local".utf8)]))
                #expect(Self.written(name) == Self.expected(name), "byte \(byte) at \(position)")
            }
        }
    }

    @Test func plainRootAndUTF8NamesAreWrittenAsTheTreeWritesThem() throws {
        let names = [DNSName.root, try #require(DNSName("Chromecast-1a2b._googlecast._tcp.local.")),
                     try #require(DNSName(labels: [Array("Küche Lautsprecher".utf8), Array("local".utf8)])),
                     try #require(DNSName(labels: [[0xC3, 0x28], Array("x".utf8)]))]
        for name in names { #expect(Self.written(name) == Self.expected(name)) }
    }

    @Test func addressesAreWrittenAsTheirText() throws {
        for text in ["0.0.0.0", "10.0.0.255", "192.168.100.9"] {
            let address = try #require(DNSIPv4Address(text))
            var out = JSONByteEmitter()
            out.string(address)
            #expect(String(decoding: out.bytes, as: UTF8.self) == "\"\(text)\"")
        }
    }
}
