import Foundation
import Testing
@testable import CastWire

/// Replays every FuzzDNS seed and saved failure through what the fuzz target exercises, so a crash once found
/// stays fixed (files dropped into Fuzz/FailCases/FuzzDNS/ are picked up automatically).
@Suite struct DNSFuzzReplayTests {
    private static let fuzzRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz")

    private func inputs(in folder: String) -> [URL] {
        let directory = Self.fuzzRoot.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
    }

    @Test func seedsAndSavedFailuresDecodeWithoutCrashingAndReencode() throws {
        let files = inputs(in: "Seeds/FuzzDNS") + inputs(in: "FailCases/FuzzDNS")
        #expect(files.count >= 10)
        for file in files {
            let bytes = Array(try Data(contentsOf: file))
            let result = DNSMessage.decodeLax(bytes)
            _ = DNSMessageDump.json(for: bytes)
            for record in result.message.records {
                if case .txt(let txt) = record.data { _ = CastTXTRecord(txt: txt).jsonValue }
            }
            if result.error == nil {
                let again = DNSMessage.decodeLax(result.message.encoded())
                #expect(again.error == nil, "\(file.lastPathComponent)")
                #expect(again.message.records.count == result.message.records.count, "\(file.lastPathComponent)")
            }
        }
    }
}
