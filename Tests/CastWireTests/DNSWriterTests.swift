import Testing
@testable import CastWire

@Suite struct DNSWriterTests {
    /// Records built in code carry offset 0; decoded ones carry positions. Compare values only.
    private func withoutOffsets(_ records: [DNSResourceRecord]) -> [DNSResourceRecord] {
        records.map { record in
            var copy = record
            copy.offset = 0
            return copy
        }
    }

    @Test func reencodingTheCastAnswerGivesTheSameBytes() throws {
        let message = try DNSMessage(decoding: DNSFixtures.castAnswer)
        #expect(message.encoded() == DNSFixtures.castAnswer)
        #expect(try DNSMessage(decoding: DNSFixtures.castQuery).encoded() == DNSFixtures.castQuery)
    }

    @Test func everyRecordTypeRoundTrips() throws {
        let instance = DNSName("Living Room._googlecast._tcp.local")!
        let host = DNSName("4f9e-host.local")!
        let records: [DNSResourceRecord] = [
            DNSResourceRecord(name: DNSName("_googlecast._tcp.local")!, type: .ptr, ttl: 4500, data: .ptr(instance)),
            DNSResourceRecord(name: instance, type: .srv, cacheFlush: true, ttl: 120,
                              data: .srv(DNSSRV(priority: 1, weight: 2, port: 8009, target: host))),
            DNSResourceRecord(name: instance, type: .txt, cacheFlush: true, ttl: 4500,
                              data: .txt(DNSTXT(["id=abc", "fn=Living Room", "flag"]))),
            DNSResourceRecord(name: host, type: .a, cacheFlush: true, ttl: 120, data: .a(DNSIPv4Address(10, 200, 0, 1))),
            DNSResourceRecord(name: host, type: .aaaa, cacheFlush: true, ttl: 120,
                              data: .aaaa(DNSIPv6Address(high: 0xFE80_0000_0000_0000, low: 0x1234))),
            DNSResourceRecord(name: host, type: .nsec, cacheFlush: true, ttl: 120,
                              data: .nsec(DNSNSEC(nextName: host, types: [.a, .aaaa, DNSType(rawValue: 300)]))),
            DNSResourceRecord(name: host, type: .hinfo, ttl: 120,
                              data: .hinfo(DNSHINFO(cpu: Array("X86_64".utf8), os: Array("LINUX".utf8)))),
            DNSResourceRecord(name: host, type: DNSType(rawValue: 99), ttl: 1, data: .other([1, 2, 3])),
            DNSResourceRecord(name: .root, type: .opt, rrclass: DNSClass(rawValue: 1440), ttl: 0,
                              data: .opt(DNSOPT(options: [DNSEDNSOption(code: 4, data: [9, 9])]))),
        ]
        let message = DNSMessage(id: 7, flags: DNSFlags(qr: true, aa: true),
                                 questions: [DNSQuestion(name: host, type: .any, unicastResponse: true)],
                                 answers: Array(records[0..<4]), authorities: [records[4]],
                                 additionals: Array(records[5...]))
        let decoded = try DNSMessage(decoding: message.encoded())
        #expect(decoded.header == message.header)
        #expect(decoded.questions.map(\.name) == [host] && decoded.questions[0].unicastResponse)
        #expect(withoutOffsets(decoded.answers) == message.answers)
        #expect(withoutOffsets(decoded.authorities) == message.authorities)
        #expect(withoutOffsets(decoded.additionals) == message.additionals)
        #expect(decoded.warnings.isEmpty)
    }

    @Test func repeatedNamesBecomeTwoBytePointers() {
        var writer = DNSWriter()
        writer.writeName(DNSName("a.local")!)
        let first = writer.count
        writer.writeName(DNSName("a.local")!)
        writer.writeName(DNSName("b.local")!)
        #expect(first == 9)
        #expect(Array(writer.bytes[9...]) == [0xC0, 0x00, 0x01, 0x62, 0xC0, 0x02])
    }

    @Test func nsecNextNameIsNeverCompressed() throws {
        let host = DNSName("h.local")!
        let message = DNSMessage(answers: [DNSResourceRecord(name: host, type: .nsec, ttl: 1,
                                                             data: .nsec(DNSNSEC(nextName: host, types: [.a])))])
        let bytes = message.encoded()
        // 12: "h.local" (9 bytes); 21: fixed fields; 31: next name in full again
        #expect(Array(bytes[31..<40]) == [0x01, 0x68, 0x05, 0x6C, 0x6F, 0x63, 0x61, 0x6C, 0x00])
    }

    @Test func flagsFieldsRoundTripThroughRawValue() {
        var flags = DNSFlags(qr: true, opcode: 5, aa: true, tc: true, rd: true, ra: true, rcode: 3)
        flags.z = true
        flags.ad = true
        flags.cd = true
        #expect(flags.rawValue == 0xAFF3)
        let back = DNSFlags(rawValue: 0xAFF3)
        #expect(back.qr && back.opcode == 5 && back.aa && back.tc && back.rd && back.ra && back.z && back.ad && back.cd)
        #expect(back.rcode == 3)
    }
}
