import CastJSON
import Foundation
import Testing
@testable import CastWire

@Suite struct CastFrameDumpTests {
    static func stream(_ names: [String]) throws -> [UInt8] {
        var bytes: [UInt8] = []
        for name in names { bytes += CastFixtures.frame(try CastFixtures.vector(name + ".bin")) }
        return bytes
    }

    @Test func printsOneObjectPerMessageWithParsedPayload() throws {
        let (lines, error) = CastFrameDump.run(input: try Self.stream(["ping-broadcast", "connect"]))
        #expect(error == nil)
        #expect(lines.count == 2)
        #expect(lines.first == #"{"offset":0,"protocolVersion":"CASTV2_1_0","sourceId":"receiver-0","destinationId":"*","namespace":"urn:x-cast:com.google.cast.tp.heartbeat","payloadType":"string","payloadUtf8":"{\"type\":\"PING\"}","payload":{"type":"PING"}}"#)
        #expect(lines.last?.hasPrefix(#"{"offset":81,"#) == true)
    }

    @Test func decodesDeviceAuthPayloadsAndBase64s() throws {
        let (lines, error) = CastFrameDump.run(input: try Self.stream(["binary-deviceauth"]))
        #expect(error == nil)
        #expect(lines == [#"{"offset":0,"protocolVersion":"CASTV2_1_0","sourceId":"sender-0","destinationId":"receiver-0","namespace":"urn:x-cast:com.google.cast.tp.deviceauth","payloadType":"binary","payloadBinary":"ChQSEAECAwQFBgcICQoLDA0ODxAYAQ==","deviceAuth":{"challenge":{"senderNonce":"AQIDBAUGBwgJCgsMDQ4PEA==","hashAlgorithm":"SHA256"}}}"#])
    }

    @Test func showsChunkingAndUnknownFields() throws {
        let (lines, _) = CastFrameDump.run(input: try Self.stream(["chunked-continued", "unknown-fields"]))
        #expect(lines.first?.contains(#""continued":true,"remainingLength":4294967295"#) == true)
        #expect(lines.first?.contains(#""protocolVersion":"CASTV2_1_1""#) == true)
        #expect(lines.last?.hasSuffix(#""unknownFields":[{"field":10,"wireType":"length-delimited","hex":"520568656c6c6f"},{"field":20,"wireType":"fixed32","hex":"a5010100ffee"}]}"#) == true)
    }

    @Test func badFrameYieldsEarlierMessagesAndTheError() throws {
        let good = try Self.stream(["ping-broadcast"])
        let (lines, error) = CastFrameDump.run(input: good + [0, 0, 0, 0] + good)
        #expect(lines.count == 1)
        #expect(error == "frame at offset \(good.count): zero-length frame")
        let (_, oversize) = CastFrameDump.run(input: [0x00, 0x01, 0x00, 0x01])
        #expect(oversize == "frame at offset 0: body length 65537 exceeds the 65536-byte limit")
    }

    @Test func trailingPartialFrameIsReportedAsTruncated() throws {
        let good = try Self.stream(["ping-broadcast"])
        let (lines, error) = CastFrameDump.run(input: good + good.prefix(6))
        #expect(lines.count == 1)
        #expect(error == "frame at offset \(good.count): truncated frame: need \(good.count) bytes, have 6")
    }

    @Test func hexInputIgnoresWhitespace() throws {
        let binary = try Self.stream(["connect", "auth-error"].filter { $0 != "auth-error" })
        let hex = HexText.string(from: binary).enumerated().map { index, character in
            index % 8 == 7 ? "\(character)\n  " : String(character)
        }.joined()
        let fromHex = CastFrameDump.run(input: Array(hex.uppercased().utf8), hex: true)
        #expect(fromHex.error == nil)
        #expect(fromHex.lines == CastFrameDump.run(input: binary).lines)
    }

    @Test func badHexIsAnError() {
        #expect(CastFrameDump.run(input: Array("00 0g".utf8), hex: true).error
            == "hex text: invalid character at offset 4")
        #expect(CastFrameDump.run(input: Array("000".utf8), hex: true).error
            == "hex text: odd number of hex digits")
    }

    @Test func base64MatchesFoundation() {
        for count in 0..<8 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 * 77 + 5) }
            #expect(CastFrameDump.base64(bytes) == Data(bytes).base64EncodedString())
        }
    }

    @Test func malformedDeviceAuthIsReportedInline() {
        let message = CastMessage(sourceID: "a", destinationID: "b", namespace: CastNamespace.deviceAuth.rawValue,
                                  binary: [0x0A, 0x05])
        let json = CastFrameDump.json(for: message, offset: 0).serialized()
        #expect(json.hasSuffix(#""deviceAuthError":"truncated at byte 2: need 5, have 0 (field 1)"}"#))
    }
}
