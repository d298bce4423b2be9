#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import CastCLI

@Suite struct CommandOutputTests {
    @Test func capturedOutputKeepsStreamsApartAndInOrder() {
        let output = CapturedOutput()
        output.print("one")
        output.printError("oops")
        output.write("two", to: .output)
        #expect(output.standardOutput == "one\ntwo")
        #expect(output.standardError == "oops\n")
    }

    @Test func processOutputWritesEachStreamToItsDescriptor() throws {
        var outPipe: [Int32] = [0, 0]
        var errPipe: [Int32] = [0, 0]
        try #require(pipe(&outPipe) == 0 && pipe(&errPipe) == 0)
        defer { for descriptor in outPipe + errPipe { close(descriptor) } }
        let output = ProcessOutput(outputDescriptor: outPipe[1], errorDescriptor: errPipe[1])
        output.print("to stdout")
        output.printError("to stderr")
        #expect(readAvailable(outPipe[0]) == "to stdout\n")
        #expect(readAvailable(errPipe[0]) == "to stderr\n")
    }

    private func readAvailable(_ descriptor: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self)
    }
}
