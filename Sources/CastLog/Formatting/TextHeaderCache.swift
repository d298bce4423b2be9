import CastJSON

/// Remembers the text format's `LEVEL CLASS -[function] File.swift:88 ` run for the last call site: records from
/// one call site repeat all five fields, and comparing them (strings usually by identical storage) is cheaper than
/// rendering the level, three strings and a line number again.
struct TextHeaderCache: Sendable {
    private var level = LogLevel.none
    private var line: UInt = 0
    private var className = ""
    private var function = ""
    private var file = ""
    private var rendered: [UInt8] = []

    /// Appends the header of `record`, computing it with `render` only when a field differs from the last record's.
    @inline(__always)
    mutating func append<Output: ByteOutput & ~Copyable>(
        _ record: LogRecord, to out: inout Output, render: (LogRecord, inout [UInt8]) -> Void
    ) {
        if record.level != level || record.line != line || record.file != file || record.function != function
            || record.className != className || rendered.isEmpty
        {
            level = record.level
            line = record.line
            className = record.className
            function = record.function
            file = record.file
            rendered.removeAll(keepingCapacity: true)
            render(record, &rendered)
        }
        rendered.withUnsafeBufferPointer { out.appendBytes($0) }
    }
}
