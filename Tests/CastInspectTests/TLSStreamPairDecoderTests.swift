import Foundation
import Testing

@testable import CastInspect

/// The TLS layer alone, on the TCP segments of committed captures (Fuzz/Seeds/FuzzTLSDecryptor holds them as
/// [direction, length, bytes] chunks after one key-log selector byte).
@Suite struct TLSStreamPairDecoderTests {
    static func chunks(_ name: String) throws -> [(direction: FlowDirection, bytes: [UInt8])] {
        let path = PcapBuilder.capturesDirectory + "/../Fuzz/Seeds/FuzzTLSDecryptor/\(name).bin"
        let input = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        var out: [(FlowDirection, [UInt8])] = []
        var index = 1
        while index + 3 <= input.count {
            let length = Int(input[index + 1]) << 8 | Int(input[index + 2])
            out.append((input[index] & 1 == 0 ? .c2s : .s2c, Array(input[(index + 3)..<(index + 3 + length)])))
            index += 3 + length
        }
        return out
    }

    static func keyLog(_ name: String) throws -> TLSKeyLog {
        var log = TLSKeyLog()
        log.add(text: try String(contentsOfFile: PcapBuilder.capturesDirectory + "/\(name).keys", encoding: .utf8))
        return log
    }

    @Test(arguments: ["cast-tls12-chacha", "cast-tls13-aes128"])
    func aLostRecordIsSkippedAndDecryptionResumesAfterIt(name: String) throws {
        let chunks = try Self.chunks(name)
        var decoder = TLSStreamPairDecoder(keyLog: try Self.keyLog(name))
        let serverChunks = chunks.indices.filter { chunks[$0].direction == .s2c }
        let dropped = serverChunks[serverChunks.count - 4]
        var afterGap = 0
        for (index, chunk) in chunks.enumerated() {
            if index == dropped {
                decoder.gap(direction: .s2c, size: chunk.bytes.count)
                continue
            }
            let events = decoder.feed(chunk.bytes, direction: chunk.direction)
            if index > dropped, chunk.direction == .s2c {
                afterGap += events.filter { if case .applicationData = $0 { true } else { false } }.count
            }
            #expect(!events.contains { if case .decryptionFailed = $0 { true } else { false } })
        }
        #expect(afterGap >= 2)
    }

    @Test func handshakeFactsWithoutKeys() throws {
        var decoder = TLSStreamPairDecoder(keyLog: TLSKeyLog())
        var negotiated: TLSSessionInfo?
        for chunk in try Self.chunks("cast-tls13-aes128") {
            for event in decoder.feed(chunk.bytes, direction: chunk.direction) {
                if case .negotiated(let info) = event { negotiated = info }
            }
        }
        #expect(negotiated?.version == "TLS 1.3")
        #expect(negotiated?.cipher == "TLS_AES_128_GCM_SHA256")
        #expect(negotiated?.decryptable == false)
        #expect(decoder.decryptedRecords == 0)
        #expect(decoder.undecryptedRecords > 10)
    }
}
