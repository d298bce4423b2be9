import Foundation

/// Checks that output is safe to show on a terminal, and runs castscope on a real pseudo-terminal (util-linux's
/// `script`), where colours and terminal-only paths are taken.
public enum TerminalSafety {
    /// The hostile text the tests feed through every place a device, a server or a file can put text: an OSC that
    /// retitles the terminal (ended by BEL), a CSI that clears the screen, a CR and backspaces that overwrite what was
    /// printed, an 8-bit CSI (U+009B), DEL and a right-to-left override.
    public static let hostile = "A\u{1B}]0;pwned\u{07}B\u{1B}[2JC\rD\u{08}\u{08}E\u{9B}31mF\u{7F}G\u{202E}H"

    /// What `hostile` looks like once escaped for a terminal.
    public static let hostileEscaped = #"A\x1b]0;pwned\x07B\x1b[2JC\rD\x08\x08E\x9b31mF\x7fG\u{202e}H"#

    /// The control characters of `text` a terminal would act on: C0 other than tab and line feed (a CR is allowed
    /// only before a line feed, as a terminal's own line discipline writes them), DEL, C1, and bidirectional
    /// overrides and isolates.
    public static func rawControls(in text: String) -> [Unicode.Scalar] {
        var found: [Unicode.Scalar] = []
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar.value {
            case 0x09, 0x0A: continue
            case 0x0D where index + 1 < scalars.count && scalars[index + 1] == "\n": continue
            case 0x00..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: found.append(scalar)
            default: continue
            }
        }
        return found
    }

    /// `text` without the colour codes castscope itself writes on a terminal (SGR reset, dim, and the level colours).
    public static func withoutOwnColours(_ text: String) -> String {
        var text = text
        for code in ["0", "2", "36", "32", "33", "31", "1;35"] {
            text = text.replacingOccurrences(of: "\u{1B}[" + code + "m", with: "")
        }
        return text
    }

    /// What running castscope with `arguments` on a pseudo-terminal printed (stdout and stderr together, as a
    /// terminal shows them) and its exit status; colours on (`NO_COLOR` removed), `environment` added.
    public static func runOnTerminal(_ arguments: [String], environment: [String: String] = [:], timeout: Double = 60)
        async throws -> (output: String, status: Int32?)
    {
        guard let executable = CastscopeProcess.executablePath else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "castscope binary not found"])
        }
        let command = ([executable] + arguments).map(shellQuoted).joined(separator: " ")
        let variables = ["TERM=xterm", "COLUMNS=100"] + environment.map { "\($0.key)=\($0.value)" }
        let result = await SpawnedProcess.run(
            "/usr/bin/env", ["-u", "NO_COLOR"] + variables + ["script", "-q", "-e", "-c", command, "/dev/null"],
            timeout: timeout)
        return (result.output, result.status)
    }

    /// `text` as one POSIX shell word.
    public static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
