#if canImport(Glibc)
internal import Glibc
#endif

/// Facts about the terminal the tool runs in.
public enum Terminal {
    /// The width to wrap help to: `COLUMNS` if set to a number, else the terminal's width, else 80.
    public static func width() -> Int {
        let columns = getenv("COLUMNS").map { String(cString: $0) }
        return width(columns: columns, terminalColumns: terminalColumns())
    }

    /// Whether the stream is attached to a terminal (for colour decisions).
    public static func isTerminal(_ stream: StandardStream) -> Bool {
        isatty(stream == .output ? 1 : 2) == 1
    }

    /// Picks the width from the `COLUMNS` value and the terminal's own width, clamped to 40...1000 so the label
    /// column stays usable on very narrow screens.
    static func width(columns: String?, terminalColumns: Int?) -> Int {
        let chosen = columns.flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } ?? terminalColumns ?? 80
        return min(max(chosen, 40), 1_000)
    }

    /// The width of the terminal on standard output, if it is one.
    private static func terminalColumns() -> Int? {
        var size = winsize()
        guard isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
