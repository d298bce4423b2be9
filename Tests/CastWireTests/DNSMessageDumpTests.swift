import CastJSON
import Testing
@testable import CastWire

@Suite struct DNSMessageDumpTests {
    @Test func castAnswerRendersEveryFieldWithCastTXTModel() throws {
        let (json, error) = DNSMessageDump.json(for: DNSFixtures.castAnswer)
        #expect(error == nil)
        let expected = #"{"id":0,"flags":{"qr":true,"opcode":0,"aa":true,"tc":false,"rd":false,"ra":false,"rcode":0},"#
            + #""questions":[],"answers":[{"name":"_googlecast._tcp.local.","type":"PTR","class":"IN","cacheFlush":false,"#
            + #""ttl":4500,"data":{"target":"Chromecast-1234._googlecast._tcp.local."}}],"authorities":[],"additionals":["#
            + #"{"name":"Chromecast-1234._googlecast._tcp.local.","type":"SRV","class":"IN","cacheFlush":true,"ttl":120,"#
            + #""data":{"priority":0,"weight":0,"port":8009,"target":"cc-host.local."}},"#
            + #"{"name":"Chromecast-1234._googlecast._tcp.local.","type":"TXT","class":"IN","cacheFlush":true,"ttl":4500,"#
            + #""data":{"strings":["id=0123456789abcdef0123456789abcdef","ca=5","fn=Kitchen"],"cast":{"#
            + #""id":"0123456789abcdef0123456789abcdef","idValid":true,"ca":5,"capabilities":["VIDEO_OUT","AUDIO_OUT"],"#
            + #""fn":"Kitchen","diagnostics":[{"kind":"missingKey","key":"ve","message":"required key is missing"},"#
            + #"{"kind":"missingKey","key":"st","message":"required key is missing"}]}}},"#
            + #"{"name":"cc-host.local.","type":"A","class":"IN","cacheFlush":true,"ttl":120,"#
            + #""data":{"address":"10.0.0.5"}}]}"#
        #expect(json == expected)
    }

    @Test func queryRendersUnicastResponseBit() {
        let (json, _) = DNSMessageDump.json(for: DNSFixtures.castQuery)
        let value = json.flatMap { try? JSONValue(parsing: $0) }
        let question = value?["questions"]?.arrayValue?.first
        #expect(question == ["name": "_googlecast._tcp.local.", "type": "PTR", "class": "IN", "unicastResponse": true])
        #expect(value?["id"] == 0x1234)
    }

    @Test func otherTypesRenderRawRDATAHex() {
        let bytes = DNSFixtures.response(answers: 2, DNSFixtures.hostH + [
            // 15: TYPE99, IN, TTL 1, RDLENGTH 2, rdata AB CD
            0x00, 0x63, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x02, 0xAB, 0xCD,
            // 27: pointer to "h", NSEC, IN|flush, TTL 120, RDLENGTH 5: next "h" (pointer), window 0 len 1: A
            0xC0, 0x0C, 0x00, 0x2F, 0x80, 0x01, 0x00, 0x00, 0x00, 0x78, 0x00, 0x05, 0xC0, 0x0C, 0x00, 0x01, 0x40,
        ])
        let value = DNSMessageDump.json(for: bytes).json.flatMap { try? JSONValue(parsing: $0) }
        let answers = value?["answers"]?.arrayValue
        #expect(answers?[0]["type"] == "TYPE99")
        #expect(answers?[0]["data"] == ["rdata": "abcd"])
        // The NSEC next name is shown uncompressed in rdata.
        #expect(answers?[1]["data"] == ["nextName": "h.", "types": ["A"], "rdata": "016800000140"])
    }

    @Test func partialMessageIsRenderedBesideTheError() {
        var bytes = DNSFixtures.castAnswer
        bytes.removeLast(2)
        let (json, error) = DNSMessageDump.json(for: bytes)
        #expect(error == "additional 2: truncated at byte 168: need 4, have 2")
        let value = json.flatMap { try? JSONValue(parsing: $0) }
        #expect(value?["additionals"]?.arrayValue?.count == 2)
        #expect(DNSMessageDump.json(for: [0x00]).json == nil)
    }

    @Test func forwardPointersAddWarnings() {
        let bytes: [UInt8] = [
            0x00, 0x00, 0x84, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
            // 12: question name = pointer forward to 18; 14: type A, class IN; 18: "h"
            0xC0, 0x12, 0x00, 0x01, 0x00, 0x01, 0x01, 0x68, 0x00,
        ]
        let value = DNSMessageDump.json(for: bytes).json.flatMap { try? JSONValue(parsing: $0) }
        #expect(value?["warnings"] == ["question 0: forward compression pointer at byte 12",
                                       "additional: trailing bytes after the last record at byte 18"])
    }

    @Test func hexInputIgnoresWhitespaceAndReportsBadCharacters() throws {
        #expect(try HexText.bytes(from: "00 0A\nff\tFe") == [0x00, 0x0A, 0xFF, 0xFE])
        #expect(throws: HexText.DecodeError(kind: .invalidCharacter, offset: 3)) { try HexText.bytes(from: "00 zz") }
        #expect(throws: HexText.DecodeError(kind: .oddDigitCount, offset: 3)) { try HexText.bytes(from: "abc") }
        #expect(HexText.string(from: [0x00, 0xAB, 0x7F]) == "00ab7f")
        let viaHex = DNSMessageDump.json(forHex: HexText.string(from: DNSFixtures.castQuery))
        #expect(viaHex.json == DNSMessageDump.json(for: DNSFixtures.castQuery).json)
        #expect(DNSMessageDump.json(forHex: "0g").error == "hex text: invalid character at offset 1")
    }
}
