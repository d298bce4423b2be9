/// The report's byte buffer: raw markup from the writer, escaped text from the capture, flushed in chunks.
struct HTMLOutput {
    private(set) var bytes: [UInt8] = []
    /// Bytes handed to the sink so far.
    private(set) var written = 0
    private let sink: ([UInt8]) -> Void

    /// Bytes buffered before a flush.
    static let chunk = 1 << 20

    init(sink: @escaping ([UInt8]) -> Void) {
        self.sink = sink
        bytes.reserveCapacity(Self.chunk + 4096)
    }

    /// Markup written by the report itself (never capture text).
    mutating func raw(_ markup: String) {
        bytes.append(contentsOf: markup.utf8)
        flushIfFull()
    }

    /// Capture text, escaped for element content or an attribute value.
    mutating func text(_ value: String) {
        HTMLEscaper.appendEscaped(value, to: &bytes)
        flushIfFull()
    }

    /// Capture text as a `<script>`-safe JSON string.
    mutating func jsonString(_ value: String) {
        HTMLEscaper.appendScriptJSONString(value, to: &bytes)
        flushIfFull()
    }

    /// Bytes already escaped (a stored table row).
    mutating func escapedBytes(_ value: [UInt8]) {
        bytes.append(contentsOf: value)
        flushIfFull()
    }

    private mutating func flushIfFull() {
        if bytes.count >= Self.chunk { flush() }
    }

    /// Hands everything buffered to the sink.
    mutating func flush() {
        guard !bytes.isEmpty else { return }
        sink(bytes)
        written += bytes.count
        bytes.removeAll(keepingCapacity: true)
    }
}
