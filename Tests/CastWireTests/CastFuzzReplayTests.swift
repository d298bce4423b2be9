import Foundation
import Testing
@testable import CastWire

/// Replays every seed and every saved crash of the Cast fuzz targets (Fuzz/Seeds, Fuzz/FailCases) through the
/// decoders, so a crash once found stays fixed. Each input must decode or fail with an error, never trap.
@Suite struct CastFuzzReplayTests {
    static func inputs(_ target: String) throws -> [(name: String, bytes: [UInt8])] {
        var result: [(name: String, bytes: [UInt8])] = []
        for folder in ["Fuzz/Seeds/\(target)", "Fuzz/FailCases/\(target)"] {
            let directory = CastFixtures.repositoryRoot.appendingPathComponent(folder)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                result.append(("\(folder)/\(name)", try CastFixtures.read(directory.appendingPathComponent(name))))
            }
        }
        return result
    }

    @Test func frameInputsDecodeOrFailCleanly() throws {
        let inputs = try Self.inputs("FuzzFrames")
        #expect(!inputs.isEmpty)
        for input in inputs {
            var stream = CastFrameStream()
            stream.append(input.bytes)
            var count = 0
            while let message = try? stream.next() {
                count += 1
                if let text = message.payloadUTF8 {
                    _ = try? CastPayload(namespace: CastNamespace(rawValue: message.namespace), jsonText: text)
                }
            }
            #expect(CastFrameDump.run(input: input.bytes).lines.count == count, "\(input.name)")
        }
    }

    @Test func castMessageInputsReencodeToAFixedPoint() throws {
        let inputs = try Self.inputs("FuzzCastMessage")
        #expect(!inputs.isEmpty)
        for input in inputs {
            guard let message = try? CastMessage(protobuf: input.bytes) else { continue }
            let encoded = message.protobufBytes()
            #expect(try CastMessage(protobuf: encoded) == message, "\(input.name)")
        }
    }

    @Test func deviceAuthInputsReencodeToAFixedPoint() throws {
        let inputs = try Self.inputs("FuzzDeviceAuth")
        #expect(!inputs.isEmpty)
        for input in inputs {
            guard let message = try? DeviceAuthMessage(protobuf: input.bytes) else { continue }
            #expect(try DeviceAuthMessage(protobuf: message.protobufBytes()) == message, "\(input.name)")
        }
    }
}
