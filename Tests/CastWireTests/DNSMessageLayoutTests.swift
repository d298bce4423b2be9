import CastJSON
import Foundation
import Testing
@testable import CastWire

/// The layout (places in the packet) and the model built from it say the same thing: the same message, fault and
/// skipped records as before, the same JSON text written from the packet as from the model, the same name lengths.
@Suite struct DNSMessageLayoutTests {
    private static let fuzzSeeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Seeds/FuzzDNS")

    /// The fixtures, every prefix of them (faults in every section and field), and the fuzz seeds.
    private static func inputs() -> [[UInt8]] {
        var inputs: [[UInt8]] = []
        for fixture in [DNSFixtures.castAnswer, DNSFixtures.castQuery] {
            for length in 0...fixture.count { inputs.append(Array(fixture.prefix(length))) }
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fuzzSeeds.path)) ?? []
        for name in names.sorted() where !name.hasPrefix(".") {
            if let data = try? Data(contentsOf: fuzzSeeds.appendingPathComponent(name)) { inputs.append(Array(data)) }
        }
        return inputs
    }

    private static func json(_ body: (inout OutputBuffer) -> Void) -> [UInt8] {
        var buffer = OutputBuffer(capacity: 256)
        body(&buffer)
        return buffer.copyBytes()
    }

    @Test func theModelBuiltFromALayoutIsWhatDecodingGave() {
        let inputs = Self.inputs()
        #expect(inputs.count > 200)
        for bytes in inputs {
            let layout = DNSMessageLayout.decodeLax(ByteReader(bytes))
            let result = DNSMessage.decodeLax(bytes)
            #expect(layout.result == result, "\(bytes)")
            #expect(layout.questionCount == result.message.questions.count)
            #expect(layout.answerCount == result.message.answers.count)
            #expect(layout.authorityCount == result.message.authorities.count)
            #expect(layout.additionalCount == result.message.additionals.count)
        }
    }

    @Test func jsonWrittenFromThePacketEqualsJSONWrittenFromTheModel() {
        for bytes in Self.inputs() {
            let layout = DNSMessageLayout.decodeLax(ByteReader(bytes))
            let direct = Self.json { DNSMessageDump.appendJSON(layout, to: &$0) }
            let model = Self.json { DNSMessageDump.appendJSON(layout.message, to: &$0) }
            #expect(direct == model, "\(String(decoding: direct, as: UTF8.self))")
        }
    }

    @Test func namesThatNeedEscapingAreWrittenAsTheModelWritesThem() throws {
        let odd = try #require(DNSName(labels: [Array("Living \"Room\".\\ \u{7}é".utf8), Array("_googlecast".utf8),
                                                Array("_tcp".utf8), Array("local".utf8)]))
        let plain = try #require(DNSName("host.local."))
        let message = DNSMessage(flags: DNSFlags(qr: true, aa: true),
                                 questions: [DNSQuestion(name: odd, type: .any)],
                                 answers: [DNSResourceRecord(name: odd, type: .ptr, ttl: 120, data: .ptr(odd)),
                                           DNSResourceRecord(name: odd, type: .srv, ttl: 120,
                                                             data: .srv(DNSSRV(priority: 1, weight: 2, port: 8009,
                                                                               target: plain))),
                                           DNSResourceRecord(name: .root, type: .ptr, ttl: 0, data: .ptr(.root))])
        let layout = DNSMessageLayout.decodeLax(ByteReader(message.encoded()))
        let direct = Self.json { DNSMessageDump.appendJSON(layout, to: &$0) }
        #expect(direct == Self.json { DNSMessageDump.appendJSON(message, to: &$0) })
        let text = String(decoding: direct, as: UTF8.self)
        #expect(text.contains(#""name":".""#))
        #expect(text.contains(#"Living \"Room\"\\.\\\\ \\007é._googlecast._tcp.local."#), "\(text)")
    }

    @Test func nameLengthsAreKnownWithoutBuildingTheNames() {
        let layout = DNSMessageLayout.decodeLax(ByteReader(DNSFixtures.castAnswer))
        #expect(layout.recordCount == 4)
        for index in 0..<layout.recordCount {
            #expect(layout.recordNameWireLength(at: index) == layout.recordName(at: index).wireLength)
            #expect(layout.recordType(at: index) == layout.record(at: index).type)
        }
        let query = DNSMessageLayout.decodeLax(ByteReader(DNSFixtures.castQuery))
        #expect(query.questionNameWireLength(at: 0) == 24)
        #expect(query.question(at: 0).unicastResponse)
        #expect(query.questionName(at: 0).description == "_googlecast._tcp.local.")
    }

    @Test func aLayoutInsideALargerBufferCountsPointersFromTheMessageStart() {
        // The packet around the message (link, IP and UDP headers) shifts every offset; pointers stay relative.
        let framed = [UInt8](repeating: 0xEE, count: 42) + DNSFixtures.castAnswer + [0xEE, 0xEE]
        let reader = ByteReader(framed, range: 42..<(42 + DNSFixtures.castAnswer.count))
        let layout = DNSMessageLayout.decodeLax(reader)
        #expect(layout.error == nil)
        // Offsets are the bytes' places in the buffer; the names and data are the message's.
        let unframed = DNSMessage.decodeLax(DNSFixtures.castAnswer).message
        #expect(layout.message.answers.map(\.data) == unframed.answers.map(\.data))
        #expect(layout.message.additionals.map(\.name) == unframed.additionals.map(\.name))
        #expect(layout.message.answers.map(\.offset) == unframed.answers.map { $0.offset + 42 })
        #expect(Self.json { DNSMessageDump.appendJSON(layout, to: &$0) }
                == Self.json { DNSMessageDump.appendJSON(DNSMessage.decodeLax(DNSFixtures.castAnswer).message, to: &$0) })
    }

    @Test func aQuestionsSuffixIsMatchedWithoutCaseFromThePacket() throws {
        let message = DNSMessage(questions: [DNSQuestion(name: try #require(DNSName("TV._GoogleCast._TCP.Local.")),
                                                         type: .any),
                                             DNSQuestion(name: try #require(DNSName("_airplay._tcp.local.")), type: .ptr),
                                             DNSQuestion(name: .root, type: .ptr)])
        let layout = DNSMessageLayout.decodeLax(ByteReader(message.encoded()))
        let cast = ["_googlecast", "_tcp", "local"].map { Array($0.utf8) }
        #expect(layout.questionName(at: 0, hasSuffix: cast))
        #expect(!layout.questionName(at: 1, hasSuffix: cast))
        #expect(!layout.questionName(at: 2, hasSuffix: cast))
        #expect(layout.questionName(at: 1, hasSuffix: [Array("local".utf8)]))
    }

    @Test func aSuffixWalkedOnceStillReportsTheForwardPointerInsideIt() {
        // Answer 0 "c" → forward pointer (at 14) to "local" in answer 2's RDATA; answers 1 and 2 point back to
        // answer 0's name, so their walks meet the same forward pointer (the second reuses the first's walk).
        let bytes: [UInt8] = [0x00, 0x00, 0x84, 0x00, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x00,
                              0x01, 0x63, 0xC0, 62, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x78, 0x00, 0x04,
                              10, 0, 0, 1,
                              0x01, 0x62, 0xC0, 12, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x78, 0x00, 0x04,
                              10, 0, 0, 2,
                              0x01, 0x64, 0xC0, 12, 0x00, 0x0C, 0x00, 0x01, 0x00, 0x00, 0x00, 0x78, 0x00, 0x07,
                              0x05] + Array("local".utf8) + [0x00]
        let layout = DNSMessageLayout.decodeLax(ByteReader(bytes))
        #expect(layout.error == nil)
        let message = layout.message
        let names = message.answers.map(\.name.description)
        #expect(names == ["c.local.", "b.c.local.", "d.c.local."])
        #expect(message.answers.map(\.usesForwardPointer) == [true, true, true])
        #expect(message.warnings.map(\.offset) == [14, 14, 14])
        #expect(message.warnings.map(\.index) == [0, 1, 2])
    }
}
