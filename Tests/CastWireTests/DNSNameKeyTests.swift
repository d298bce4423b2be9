import Testing

@testable import CastWire

@Suite struct DNSNameKeyTests {
    /// A response whose second name is compressed against the first (DNSWriter compresses), decoded again.
    static func decodedNames() throws -> [DNSName] {
        let service = try #require(DNSName("_googlecast._tcp.local."))
        let instance = try #require(DNSName("Living-Room._googlecast._tcp.local."))
        let message = DNSMessage(answers: [
            DNSResourceRecord(name: service, type: .ptr, ttl: 120, data: .ptr(instance)),
            DNSResourceRecord(name: instance, type: .txt, ttl: 120, data: .txt(DNSTXT(strings: [Array("id=1".utf8)]))),
        ])
        let decoded = try DNSMessage(decoding: message.encoded())
        return decoded.answers.map(\.name)
    }

    @Test func keysIgnoreCaseAndCompression() throws {
        let names = try Self.decodedNames()
        let compressed = try #require(names.last)
        guard case .compressed = compressed.storage else {
            Issue.record("the writer did not compress the second name")
            return
        }
        let shouted = try #require(DNSName("LIVING-ROOM._GoogleCast._TCP.local."))
        #expect(DNSName.CaseInsensitiveKey(compressed) == DNSName.CaseInsensitiveKey(shouted))
        #expect(DNSName.CaseInsensitiveKey(compressed).hashValue == DNSName.CaseInsensitiveKey(shouted).hashValue)
        #expect(DNSName.CaseInsensitiveKey(compressed).stored == DNSName.CaseInsensitiveKey(shouted.lowercased))
        var table: [DNSName.CaseInsensitiveKey: Int] = [DNSName.CaseInsensitiveKey(shouted).stored: 7]
        #expect(table[DNSName.CaseInsensitiveKey(compressed)] == 7)
        table[DNSName.CaseInsensitiveKey(compressed).stored] = 8
        #expect(table.count == 1)
    }

    @Test func aNameInItsPacketMatchesAStoredKeyOnlyLabelForLabel() throws {
        let compressed = try #require(try Self.decodedNames().last)
        let pairs = [("LIVING-ROOM._GoogleCast._TCP.locaL.", true), ("living-roo.m_googlecast._tcp.local.", false),
                     ("living-room._googlecast._tcp.locam.", false), ("living-room._googlecast._tcp.local.x.", false)]
        for (text, equal) in pairs {
            let stored = try #require(DNSName(text))
            #expect((DNSName.CaseInsensitiveKey(compressed) == DNSName.CaseInsensitiveKey(stored).stored) == equal, "\(text)")
            #expect((DNSName.CaseInsensitiveKey(stored) == DNSName.CaseInsensitiveKey(compressed)) == equal, "\(text)")
        }
    }

    @Test func differentNamesAreDifferentKeys() throws {
        let pairs = [("a.local.", "b.local."), ("a.local.", "a.local.local."), ("ab.local.", "a.blocal."),
                     ("kitchen-speaker.local.", "kitchen-speaker.locaL.x.")]
        for (left, right) in pairs {
            let lhs = try #require(DNSName(left)), rhs = try #require(DNSName(right))
            #expect(DNSName.CaseInsensitiveKey(lhs) != DNSName.CaseInsensitiveKey(rhs), "\(left) \(right)")
        }
        #expect(DNSName.CaseInsensitiveKey(.root) == DNSName.CaseInsensitiveKey(.root))
    }
}
