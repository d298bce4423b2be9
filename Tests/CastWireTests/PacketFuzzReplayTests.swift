import Foundation
import Testing
@testable import CastWire

/// Replays the fuzz seeds and every saved fuzz failure of FuzzPacket and FuzzTLSHandshake through the same entry
/// points the fuzz targets use, so a crash once found stays fixed.
@Suite struct PacketFuzzReplayTests {
    static let fuzzDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz")

    static func inputs(_ target: String) -> [[UInt8]] {
        ["Seeds", "FailCases"].flatMap { folder -> [[UInt8]] in
            let directory = fuzzDirectory.appendingPathComponent("\(folder)/\(target)")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().compactMap { name in
                (try? Data(contentsOf: directory.appendingPathComponent(name))).map { [UInt8]($0) }
            }
        }
    }

    @Test func packetInputsSliceWithoutTrapping() {
        let inputs = Self.inputs("FuzzPacket")
        #expect(!inputs.isEmpty)
        for input in inputs {
            guard let selector = input.first else { continue }
            let types = LinkType.decoded + [.other(UInt32(selector))]
            let linkType = types[Int(selector) % types.count]
            let bytes = Array(input.dropFirst())
            let lax = PacketSlicer.lax(bytes, linkType: linkType)
            if case .tcp(let tcp) = lax.transport { _ = tcp.decoded }
            _ = try? PacketSlicer.strict(bytes, linkType: linkType)
        }
    }

    @Test func tlsInputsParseWithoutTrapping() {
        let inputs = Self.inputs("FuzzTLSHandshake")
        #expect(!inputs.isEmpty)
        for input in inputs {
            let bytes = Array(input.dropFirst())
            var parser = TLSStreamParser()
            var reader = ByteReader(bytes)
            var events: [TLSEvent] = []
            _ = try? parser.feed(&reader, into: &events)
            let message = TLSHandshakeMessage(type: .clientHello, body: bytes, offset: 0, bodyOffset: 4)
            _ = try? TLSClientHello(message)
            _ = try? TLSServerHello(message)
            _ = try? TLSCertificateMessage(message, isTLS13: true)
        }
    }

    @Test func capturedStreamSeedsDecodeCleanly() throws {
        // The seeds hold whole real TLS streams: each must parse without error to the end.
        for input in Self.inputs("FuzzTLSHandshake") where input.first == 0 {
            var parser = TLSStreamParser()
            var reader = ByteReader(Array(input.dropFirst()))
            var events: [TLSEvent] = []
            try parser.feed(&reader, into: &events)
            #expect(reader.isAtEnd)
            #expect(events.count >= 2)
        }
    }
}
