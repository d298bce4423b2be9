import CastCLI
import CastLog

/// Every text the commands write passes `TerminalText`, so a device name, a media title, a reply or a file's bytes
/// cannot drive the terminal; bytes (pre-rendered log records, JSON, our own colours and progress redraws) are
/// written as they are, since what made them escaped what came from outside.
struct TerminalSafeOutput: CommandOutput {
    let base: any CommandOutput

    func write(_ text: String, to stream: StandardStream) {
        base.write(TerminalText.escaped(text, lines: .kept), to: stream)
    }

    func write(bytes: [UInt8], to stream: StandardStream) {
        base.write(bytes: bytes, to: stream)
    }
}
