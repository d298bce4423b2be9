/// Turns `castscope tail` entries into output text: records in the text format (coloured by level when asked) or
/// as JSON lines; lines continuing a record as they were (JSON: records of its class, marked `continuation`); raw
/// lines without a record before them dimmed on a terminal in text mode, and sent to the diagnostics in JSON mode
/// so that standard output holds nothing but JSON.
public struct LogTailPrinter: Sendable {
    /// The record format: `.text` or `.jsonLines` (`.logfmt` works too).
    public let format: LogFormat
    /// Whether ANSI colours are used (a terminal, `NO_COLOR` unset).
    public let colored: Bool
    private var formatter: LogFormatter

    /// What one batch of entries prints.
    public struct Rendered: Sendable, Equatable {
        /// Bytes for standard output.
        public var output: [UInt8] = []
        /// Lines for standard error (raw lines in JSON mode), each ending in a newline.
        public var diagnostics: String = ""

        /// Nothing rendered yet.
        public init() {}
    }

    /// A printer for `format`.
    public init(format: LogFormat, colored: Bool) {
        self.format = format
        self.colored = colored
        formatter = LogFormatter(format: format, colored: colored)
    }

    /// Renders `entries` in order.
    public mutating func render(_ entries: [LogTailEntry]) -> Rendered {
        var rendered = Rendered()
        for entry in entries { render(entry, into: &rendered) }
        return rendered
    }

    /// Appends one entry to `rendered`.
    public mutating func render(_ entry: LogTailEntry, into rendered: inout Rendered) {
        switch entry.content {
        case .record(let record):
            formatter.append(record, to: &rendered.output)
        case .continuation(let line, _):
            // Part of the record's message: in text as it was (escaped), in JSON as a record of the same time,
            // level and class whose message is the line, marked `continuation`.
            if format == .text {
                rendered.output.append(contentsOf: TerminalText.escaped(line).utf8)
                rendered.output.append(0x0A)
            } else if let continued = entry.continuationRecord {
                formatter.append(continued, to: &rendered.output)
            }
        case .unparsed(let line, _):
            // A binary file's control bytes would drive the terminal: they are shown escaped (\x1b), never raw.
            if format != .text {
                rendered.diagnostics += "castscope: not a log record: \(TerminalText.escaped(line))\n"
            } else if colored {
                rendered.output.append(contentsOf: "\u{1B}[2m".utf8)
                rendered.output.append(contentsOf: TerminalText.escaped(LogLineParser.stripANSI(line)).utf8)
                rendered.output.append(contentsOf: "\u{1B}[0m\n".utf8)
            } else {
                rendered.output.append(contentsOf: TerminalText.escaped(line).utf8)
                rendered.output.append(0x0A)
            }
        }
    }
}
