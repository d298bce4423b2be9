import CastLog
import FuzzSupport

// Any text, escaped for a terminal, holds no control a terminal acts on (C0 but tab and, in multi-line text, line
// feed; DEL; C1; bidirectional overrides), and text without such controls comes back unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: fuzzInput(data, size), as: UTF8.self)
    for lines in [TerminalText.Lines.escaped, .kept] {
        let escaped = TerminalText.escaped(text, lines: lines)
        var sawControl = false
        for scalar in text.unicodeScalars where isControl(scalar, keepingLineFeeds: lines == .kept) {
            sawControl = true
        }
        for scalar in escaped.unicodeScalars {
            precondition(!isControl(scalar, keepingLineFeeds: lines == .kept), "a control passed the escaping")
        }
        if !sawControl { precondition(escaped == text, "text without controls was changed") }
    }
    return 0
}

private func isControl(_ scalar: Unicode.Scalar, keepingLineFeeds: Bool) -> Bool {
    switch scalar.value {
    case 0x09: false
    case 0x0A: !keepingLineFeeds
    case 0x00..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
}

fuzzMain(fuzzOneInput)
