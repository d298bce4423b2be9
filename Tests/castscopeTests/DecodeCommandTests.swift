import CastJSON
import CastTestSupport
import Foundation
import Testing

@Suite struct DecodeCommandTests {
    private func vector(_ name: String) throws -> [UInt8] {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../CastWireTests/Fixtures/cast-vectors/\(name).bin").standardized.path
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    private func framed(_ body: [UInt8]) -> [UInt8] {
        let length = UInt32(body.count)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + body
    }

    @Test func framesPrintsOneJSONObjectPerMessageWithOffsets() async throws {
        let connect = framed(try vector("connect"))
        let ping = framed(try vector("ping-broadcast"))
        let auth = framed(try vector("binary-deviceauth"))
        let result = try await CastscopeProcess.run(["decode", "frames"], input: connect + ping + auth)
        #expect(result.exitCode == 0)
        #expect(result.standardError.isEmpty)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        let first = try JSONValue(parsing: lines[0])
        #expect(first["offset"] == 0)
        #expect(first["namespace"] == "urn:x-cast:com.google.cast.tp.connection")
        #expect(first["payload"]?["type"] == "CONNECT")
        #expect(try JSONValue(parsing: lines[1])["offset"]?.intValue == Int64(connect.count))
        let third = try JSONValue(parsing: lines[2])
        #expect(third["payloadType"] == "binary")
        #expect(third["deviceAuth"] != nil)
    }

    @Test func badFramePrintsWhatCameBeforeThenTheErrorAndExitsOne() async throws {
        let connect = framed(try vector("connect"))
        let oversize: [UInt8] = [0x00, 0x01, 0x00, 0x01, 0x08]
        let result = try await CastscopeProcess.run(["decode", "frames", "-"], input: connect + oversize)
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.split(separator: "\n").count == 1)
        #expect(result.standardError.hasPrefix("Error: frame at offset \(connect.count): "))
    }

    @Test func hexInputIgnoresWhitespace() async throws {
        let bytes = framed(try vector("connect"))
        let hex = bytes.map { String(format: "%02x", $0) }.joined(separator: " ")
        let result = try await CastscopeProcess.run(["decode", "frames", "--hex"], input: Array(hex.utf8))
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains("CONNECT"))
    }

    @Test func unreadableInputIsARuntimeError() async throws {
        let result = try await CastscopeProcess.run(["decode", "frames", "/nonexistent.bin"])
        #expect(result.exitCode == 1)
        #expect(result.standardError == "Error: cannot read /nonexistent.bin: no such file\n")
    }
}

@Suite struct DecodeDNSCommandTests {
    private func seed(_ name: String) throws -> [UInt8] {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/Seeds/FuzzDNS/\(name)").standardized.path
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func castAnswerCarriesTheDecodedTXTModel() async throws {
        let result = try await CastscopeProcess.run(["decode", "dns"], input: try seed("capture-15.bin"))
        #expect(result.exitCode == 0)
        let message = try JSONValue(parsing: result.standardOutput)
        let records = (message["answers"]?.arrayValue ?? []) + (message["additionals"]?.arrayValue ?? [])
        let txt = try #require(records.first { $0["type"] == "TXT" && $0["data"]?["cast"] != nil })
        #expect(txt["name"]?.stringValue?.hasSuffix("._googlecast._tcp.local.") == true)
        #expect(txt["data"]?["strings"]?.arrayValue?.isEmpty == false)
    }

    @Test func truncatedMessagePrintsThePartBeforeTheFaultAndExitsOne() async throws {
        let bytes = try seed("capture-15.bin")
        let result = try await CastscopeProcess.run(["decode", "dns", "-"], input: Array(bytes.prefix(bytes.count - 7)))
        #expect(result.exitCode == 1)
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(try JSONValue(parsing: result.standardOutput)["id"] != nil)
    }

    @Test func hexInputIsAccepted() async throws {
        let hex = try seed("capture-15.bin").map { String(format: "%02X", $0) }.joined(separator: "\n")
        let result = try await CastscopeProcess.run(["decode", "dns", "--hex"], input: Array(hex.utf8))
        #expect(result.exitCode == 0)
    }

    @Test func headerTooShortPrintsOnlyTheError() async throws {
        let result = try await CastscopeProcess.run(["decode", "dns"], input: [0x00, 0x01, 0x84])
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.isEmpty)
    }
}
