import CastJSON

/// Remembers how the last class, function and file strings were rendered: consecutive records from one call site
/// repeat them, and comparing a string with the one before (usually the same storage) is cheaper than escaping or
/// searching it again.
struct RepeatedFieldCache: Sendable {
    private var key = ""
    private var rendered: [UInt8] = []

    /// Appends the rendering of `value`, computing it with `render` only when `value` differs from the last one.
    mutating func append<Output: ByteOutput & ~Copyable>(
        _ value: String, to out: inout Output, render: (String, inout [UInt8]) -> Void
    ) {
        if value != key || rendered.isEmpty {
            key = value
            rendered.removeAll(keepingCapacity: true)
            render(value, &rendered)
        }
        rendered.withUnsafeBufferPointer { out.appendBytes($0) }
    }
}
