import CastTestSupport
import Foundation
import Testing

/// Regressions found in review of `castscope tail`.
@Suite struct TailReviewTests {
    @Test func lastLineWithoutNewlineIsShownWhenNotFollowing() async throws {
        let scratch = TailCommandTests.Scratch()
        let path = scratch.directory + "/unterminated.log"
        scratch.append(TailCommandTests.json(1, message: "first") + "\n" + TailCommandTests.json(2, message: "last"), to: path)
        let result = try await CastscopeProcess.run(["tail", "--output", "json", path])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.split(separator: "\n").count == 2)
        #expect(result.standardOutput.contains("\"last\""))
    }

    @Test func hugeSinceDurationIsAUsageErrorNotACrash() async throws {
        let scratch = TailCommandTests.Scratch()
        let path = try scratch.file("a.log", [TailCommandTests.json(1, message: "x")])
        for value in ["9999999999h", "999999999d"] {
            let result = try await CastscopeProcess.run(["tail", "--since", value, path])
            #expect(result.exitCode == 64, "--since \(value)")
        }
    }
}
