import Testing
@testable import CastWire

@Suite struct DNSMessageDecoderTests {
    @Test func decodesCastAnswerWithEveryRecordAndCompressedName() throws {
        let message = try DNSMessage(decoding: DNSFixtures.castAnswer)
        #expect(message.id == 0)
        #expect(message.flags.qr && message.flags.aa && !message.flags.tc && message.flags.rcode == 0)
        #expect(message.questions.isEmpty)
        #expect(message.answers.count == 1 && message.additionals.count == 3 && message.authorities.isEmpty)
        #expect(message.warnings.isEmpty)

        let ptr = message.answers[0]
        #expect(ptr.name.description == "_googlecast._tcp.local.")
        #expect(ptr.type == .ptr && ptr.rrclass == .internet && !ptr.cacheFlush && ptr.ttl == 4500 && ptr.offset == 12)
        #expect(ptr.data == .ptr(DNSName("Chromecast-1234._googlecast._tcp.local")!))

        let srv = message.additionals[0]
        #expect(srv.name.description == "Chromecast-1234._googlecast._tcp.local.")
        #expect(srv.cacheFlush && srv.ttl == 120 && srv.offset == 64)
        #expect(srv.data == .srv(DNSSRV(priority: 0, weight: 0, port: 8009, target: DNSName("cc-host.local")!)))

        let txt = message.additionals[1]
        guard case .txt(let strings) = txt.data else {
            Issue.record("expected TXT")
            return
        }
        #expect(strings.strings.map { String(decoding: $0, as: UTF8.self) }
                == ["id=0123456789abcdef0123456789abcdef", "ca=5", "fn=Kitchen"])

        let a = message.additionals[2]
        #expect(a.name.description == "cc-host.local.")
        #expect(a.data == .a(DNSIPv4Address(10, 0, 0, 5)))
    }

    @Test func decodesQuestionWithUnicastResponseBit() throws {
        let message = try DNSMessage(decoding: DNSFixtures.castQuery)
        #expect(message.id == 0x1234 && !message.flags.qr)
        #expect(message.questions == [DNSQuestion(name: DNSName("_googlecast._tcp.local")!, type: .ptr,
                                                  qclass: .internet, unicastResponse: true, offset: 12)])
    }

    @Test func decodesAAAAAddressInRFC5952Form() throws {
        let bytes = DNSFixtures.response(answers: 1, DNSFixtures.hostH + [
            // 15: type AAAA, class IN, TTL 120, RDLENGTH 16
            0x00, 0x1C, 0x00, 0x01, 0x00, 0x00, 0x00, 0x78, 0x00, 0x10,
            // 25: fe80:0:0:0:0:0:1:2
            0xFE, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x01, 0, 0x02,
        ])
        let record = try DNSMessage(decoding: bytes).answers[0]
        guard case .aaaa(let address) = record.data else {
            Issue.record("expected AAAA")
            return
        }
        #expect(address.description == "fe80::1:2")
        #expect(DNSIPv6Address(high: 0x2001_0db8_0000_0000, low: 0x0001_0000_0000_0001).description == "2001:db8::1:0:0:1")
        #expect(DNSIPv6Address(high: 0, low: 0).description == "::")
        #expect(DNSIPv6Address(high: 0x0001_0000_0001_0000, low: 0x0001_0000_0001_0000).description == "1:0:1:0:1:0:1:0")
    }

    @Test func decodesNSECTypeBitmaps() throws {
        let bytes = DNSFixtures.response(answers: 1, DNSFixtures.hostH + [
            // 15: type NSEC, class IN|flush, TTL 120, RDLENGTH 11
            0x00, 0x2F, 0x80, 0x01, 0x00, 0x00, 0x00, 0x78, 0x00, 0x0B,
            // 25: next name = pointer to 12 ("h")
            0xC0, 0x0C,
            // 27: window 0, 4 bytes: A(1) → byte 0 bit 1; TXT(16) → byte 2 bit 0; AAAA(28) → byte 3 bit 4
            0x00, 0x04, 0x40, 0x00, 0x80, 0x08,
            // 33: window 1, 1 byte: type 256 + 1 = 257
            0x01, 0x01, 0x40,
        ])
        let record = try DNSMessage(decoding: bytes).answers[0]
        #expect(record.data == .nsec(DNSNSEC(nextName: DNSName("h")!,
                                             types: [.a, .txt, .aaaa, DNSType(rawValue: 257)])))
    }

    @Test func decodesOPTOptionsAndKeepsPayloadSizeInClass() throws {
        let bytes = DNSFixtures.response(answers: 1, [
            // 12: root name, type OPT, class = payload size 1440 (0x05A0), TTL 0, RDLENGTH 10
            0x00, 0x00, 0x29, 0x05, 0xA0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0A,
            // 23: option 4 (Owner), length 6, six bytes
            0x00, 0x04, 0x00, 0x06, 1, 2, 3, 4, 5, 6,
        ])
        let record = try DNSMessage(decoding: bytes).answers[0]
        #expect(record.name.isRoot && record.type == .opt && record.rrclass.rawValue == 1440 && !record.cacheFlush)
        #expect(record.data == .opt(DNSOPT(options: [DNSEDNSOption(code: 4, data: [1, 2, 3, 4, 5, 6])])))
    }

    @Test func decodesHINFOStrings() throws {
        let bytes = DNSFixtures.response(answers: 1, DNSFixtures.hostH + [
            // 15: type HINFO, class IN, TTL 120, RDLENGTH 10
            0x00, 0x0D, 0x00, 0x01, 0x00, 0x00, 0x00, 0x78, 0x00, 0x0A,
            // 25: "X86_64" (6 bytes), "OS" (2 bytes)
            0x06, 0x58, 0x38, 0x36, 0x5F, 0x36, 0x34, 0x02, 0x4F, 0x53,
        ])
        let record = try DNSMessage(decoding: bytes).answers[0]
        #expect(record.data == .hinfo(DNSHINFO(cpu: Array("X86_64".utf8), os: Array("OS".utf8))))
    }

    @Test func decodesANYQuestionAndUnknownTypeAsRawRDATA() throws {
        let bytes: [UInt8] = [
            // 0: header — query, QD 1, AN 1
            0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00,
            // 12: "h" ANY IN
            0x01, 0x68, 0x00, 0x00, 0xFF, 0x00, 0x01,
            // 19: pointer to "h", TYPE99, CLASS IN, TTL 1, RDLENGTH 3, rdata c0 0c 00 (kept raw, not expanded)
            0xC0, 0x0C, 0x00, 0x63, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x03, 0xC0, 0x0C, 0x00,
        ]
        let message = try DNSMessage(decoding: bytes)
        #expect(message.questions[0].type == .any && message.questions[0].type.description == "ANY")
        #expect(message.answers[0].type.description == "TYPE99")
        #expect(message.answers[0].data == .other([0xC0, 0x0C, 0x00]))
    }

    @Test func emptyTXTReadsAsOneEmptyString() throws {
        let bytes = DNSFixtures.response(answers: 1, DNSFixtures.hostH + [
            // 15: type TXT, class IN, TTL 1, RDLENGTH 0
            0x00, 0x10, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00,
        ])
        guard case .txt(let txt) = try DNSMessage(decoding: bytes).answers[0].data else {
            Issue.record("expected TXT")
            return
        }
        #expect(txt.strings == [[]])
        #expect(DNSTXT(strings: []).rdata == [0])
    }

    @Test func trailingBytesAreAWarningNotAnError() throws {
        let message = try DNSMessage(decoding: DNSFixtures.castQuery + [0xAA, 0xBB])
        #expect(message.warnings == [DNSWarning(.trailingBytes, section: .additional, index: nil, offset: 40)])
    }

    @Test func countsLargerThanTheBytesDoNotReserveUnboundedMemory() {
        // 0: header claiming 65,535 of everything, no body.
        let bytes: [UInt8] = [0x00, 0x00, 0x84, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        let result = DNSMessage.decodeLax(bytes)
        #expect(result.error == DNSError(.truncated, section: .question, index: 0, offset: 12, needed: 1, available: 0))
        #expect(result.message.questions.capacity < 16)
        #expect(result.message.header.questionCount == 0xFFFF)
    }

    @Test func decodesMessageInsideALargerBufferWithAbsoluteOffsets() throws {
        let prefix: [UInt8] = [0xEE, 0xEE, 0xEE, 0xEE]
        let bytes = prefix + DNSFixtures.castAnswer
        let message = try DNSMessage.decode(ByteReader(bytes, range: 4..<bytes.count))
        #expect(message.additionals[2].offset == 160)
        #expect(message.additionals[0].data
                == .srv(DNSSRV(priority: 0, weight: 0, port: 8009, target: DNSName("cc-host.local")!)))
    }
}
