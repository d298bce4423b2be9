import CastJSON
import CastTestSupport
import Foundation
import Testing

/// `castscope inspect` prints what a capture controls (mDNS instance names and TXT values, Cast IDs, namespaces,
/// payloads): none of its control sequences reaches the terminal raw, in the text report or in JSON.
@Suite struct InspectTerminalSafetyTests {
    static let capture = HostileCapture.capture(markup: TerminalSafety.hostile, attribute: "id\u{1B}[31m\u{9B}x",
                                                lineBreaks: "\r\u{08}")

    @Test func theTextReportEscapesControlSequencesFromMDNSAndCast() async throws {
        let path = PcapBuilder.temporaryFile(Self.capture)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await CastscopeProcess.run(["inspect", path])
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(TerminalSafety.rawControls(in: result.standardOutput).isEmpty, "\(result.standardOutput)")
        #expect(TerminalSafety.rawControls(in: result.standardError).isEmpty, "\(result.standardError)")
        // Shown escaped, not dropped: the instance name, a TXT value and a payload.
        #expect(result.standardOutput.contains(TerminalSafety.hostileEscaped), "\(result.standardOutput)")
    }

    @Test func theTextReportOnATerminalShowsNoRawControls() async throws {
        let path = PcapBuilder.temporaryFile(Self.capture)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (output, status) = try await TerminalSafety.runOnTerminal(["inspect", path])
        #expect(status == 0, "\(output)")
        #expect(TerminalSafety.rawControls(in: output).isEmpty, "\(output.debugDescription)")
        #expect(output.contains(TerminalSafety.hostileEscaped))
    }

    @Test func jsonKeepsTheExactTextAndEscapesEveryControl() async throws {
        let path = PcapBuilder.temporaryFile(Self.capture)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await CastscopeProcess.run(["inspect", "--json", path])
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(TerminalSafety.rawControls(in: result.standardOutput).isEmpty)
        var strings: [String] = []
        for line in result.standardOutput.split(separator: "\n") {
            let value = try JSONValue(parsing: String(line))
            collectStrings(value, into: &strings)
        }
        // The JSON escapes decode to the very bytes the capture held.
        #expect(strings.contains { $0.contains(TerminalSafety.hostile) })
    }

    private func collectStrings(_ value: JSONValue, into strings: inout [String]) {
        switch value {
        case .string(let text): strings.append(text)
        case .array(let items): for item in items { collectStrings(item, into: &strings) }
        case .object(let object): for member in object.members { collectStrings(member.value, into: &strings) }
        default: break
        }
    }
}
