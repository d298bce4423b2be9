import Testing

@testable import CastWire

/// `hasSuffix(ignoringCase:)` agrees with comparing the label lists, for every suffix length (the one-walk path
/// for up to four labels and the two-walk one past it), for owned names and names behind compression pointers.
@Suite struct DNSNameSuffixTests {
    static func reference(_ name: DNSName, _ suffix: [[UInt8]]) -> Bool {
        let labels = name.labels.map { $0.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 } }
        return labels.count >= suffix.count && Array(labels.suffix(suffix.count)) == suffix
    }

    static let names = ["a.b.c.d.e.f", "Nest-Audio._GoogleCast._tcp.local", "_googlecast._tcp.local", "local",
                        "x._sub._googlecast._tcp.LOCAL", "a.b.c.d.e._googlecast._tcp.local"]

    @Test func ownedNamesAgreeWithTheirLabelLists() throws {
        for text in Self.names {
            let name = try #require(DNSName(text))
            let labels = name.labels.map { Array($0).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 } }
            for length in 0...(labels.count + 1) {
                let suffix = Array(labels.suffix(length))
                #expect(name.hasSuffix(ignoringCase: suffix) == Self.reference(name, suffix), "\(text) \(length)")
                #expect(name.hasSuffix(ignoringCase: [Array("zz".utf8)] + suffix) == Self.reference(name, [Array("zz".utf8)] + suffix))
            }
        }
    }

    @Test func namesBehindCompressionPointersAgree() throws {
        // PTR question "_googlecast._tcp.local", answer owner pointing at it with two labels in front.
        var message: [UInt8] = [0, 0, 0x84, 0, 0, 1, 0, 1, 0, 0, 0, 0]
        message += [11] + Array("_googlecast".utf8) + [4] + Array("_tcp".utf8) + [5] + Array("local".utf8) + [0]
        message += [0, 12, 0, 1]
        message += [3] + Array("Abc".utf8) + [4] + Array("_SUB".utf8) + [0xC0, 12]
        message += [0, 12, 0, 1, 0, 0, 0, 120, 0, 2, 0xC0, 12]
        let decoded = try DNSMessage.decode(ByteReader(message))
        let owner = try #require(decoded.answers.first?.name)
        for suffix in [["local"], ["_tcp", "local"], ["_googlecast", "_tcp", "local"], ["_sub", "_googlecast", "_tcp", "local"],
                       ["abc", "_sub", "_googlecast", "_tcp", "local"], ["x", "abc", "_sub", "_googlecast", "_tcp", "local"],
                       ["_udp", "local"]] {
            let bytes = suffix.map { Array($0.utf8) }
            #expect(owner.hasSuffix(ignoringCase: bytes) == Self.reference(owner, bytes), "\(suffix)")
        }
    }

    @Test func theMatchingSuffixIsTheFirstThatHasSuffixAccepts() throws {
        let cast = ["_googlecast", "_tcp", "local"].map { Array($0.utf8) }
        let zone = ["_googlezone", "_tcp", "local"].map { Array($0.utf8) }
        let long = ["a", "b", "c", "d", "e"].map { Array($0.utf8) }  // past four labels: the two-walk path
        let candidates = [cast, zone, long, [Array("local".utf8)]]
        let extra = ["Group._GOOGLEZONE._tcp.local", "host.local", "printer._ipp._tcp.local", "A.b.C.d.E"]
        for text in Self.names + extra {
            let name = try #require(DNSName(text))
            let expected = candidates.indices.first { name.hasSuffix(ignoringCase: candidates[$0]) }
            #expect(name.matchingSuffix(ignoringCase: candidates) == expected, "\(text)")
        }
        #expect(try #require(DNSName("a.b")).matchingSuffix(ignoringCase: [cast]) == nil)  // longer than the name
    }
}
