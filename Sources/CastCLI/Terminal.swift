#if canImport(Glibc)
internal import Glibc
#endif

/// Facts about the terminal the tool runs in.
public enum Terminal {
    /// The width to wrap help to: `COLUMNS` if set to a number, else the terminal's width, else 80.
    public static func width() -> Int {
        if let value = getenv("COLUMNS"), let columns = Int(String(cString: value)), columns > 0 {
            return clamp(columns)
        }
        var size = winsize()
        if isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return clamp(Int(size.ws_col))
        }
        return 80
    }

    /// Whether the stream is attached to a terminal (for colour decisions).
    public static func isTerminal(_ stream: StandardStream) -> Bool {
        isatty(stream == .output ? 1 : 2) == 1
    }

    /// Keeps the label column usable on very narrow screens and lines readable on very wide ones.
    private static func clamp(_ columns: Int) -> Int {
        min(max(columns, 40), 1_000)
    }
}
