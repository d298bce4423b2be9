public import CastJSON

/// A log message written as a string literal or interpolation at the call site: `log.debug("sent \(type)")`.
///
/// Its interpolation writes UTF-8 straight into a fixed inline buffer (spilling to the heap only past 120 bytes)
/// and makes one `String` at the end — about three times cheaper than `DefaultStringInterpolation`, which matters
/// on the enabled path. A `String` you already have is passed as `"\(text)"` or `LogMessage(text)`.
public struct LogMessage: Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The message text.
    public let string: String

    /// Wraps an existing string.
    public init(_ string: String) { self.string = string }

    public init(stringLiteral value: StaticString) {
        string = value.hasPointerRepresentation
            ? String(decoding: UnsafeBufferPointer(start: value.utf8Start, count: value.utf8CodeUnitCount), as: UTF8.self)
            : String(value.unicodeScalar)
    }

    @inlinable
    public init(stringInterpolation: LogMessageInterpolation) {
        string = stringInterpolation.makeString()
    }

    public var description: String { string }
}

/// Builds a `LogMessage` from literal segments and interpolated values.
public struct LogMessageInterpolation: StringInterpolationProtocol, ByteOutput {
    @usableFromInline static let inlineCapacity = 120
    // 120 bytes of inline storage, used before any heap buffer.
    @usableFromInline var inline: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    @usableFromInline var inlineCount = 0
    // A flag beside the heap buffer, so the inline path never touches (retains) the array.
    @usableFromInline var isSpilled = false
    @usableFromInline var spilled: [UInt8] = []

    @inlinable
    public init(literalCapacity: Int, interpolationCount: Int) {}

    @inlinable
    public mutating func appendLiteral(_ literal: StaticString) {
        guard literal.hasPointerRepresentation else {
            appendString(String(literal.unicodeScalar))
            return
        }
        appendBytes(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends a string.
    @inlinable
    public mutating func appendInterpolation(_ value: String) {
        appendString(value)
    }

    /// Appends an `Int` in decimal without making a `String`.
    @inlinable
    public mutating func appendInterpolation(_ value: Int) {
        appendInt64(Int64(value))
    }

    /// Appends an integer in decimal without making a `String`.
    @inlinable
    public mutating func appendInterpolation<T: BinaryInteger>(_ value: T) {
        if let small = Int64(exactly: value) {
            appendInt64(small)
        } else {
            appendString(String(value))
        }
    }

    /// Appends a value's `description`.
    public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: T) {
        appendString(value.description)
    }

    /// Appends any value as `String(describing:)` would.
    public mutating func appendInterpolation<T>(_ value: T) {
        appendString(String(describing: value))
    }

    @inlinable
    mutating func appendString(_ value: String) {
        let done: Void? = value.utf8.withContiguousStorageIfAvailable { appendBytes($0) }
        if done == nil { Array(value.utf8).withUnsafeBufferPointer { appendBytes($0) } }
    }

    @inlinable
    mutating func appendInt64(_ value: Int64) {
        // At most 20 bytes ("-9223372036854775808"): write the digits straight into the inline buffer when they fit.
        let offset = inlineCount
        guard !isSpilled, offset <= Self.inlineCapacity - 20 else {
            appendInt64Slow(value)
            return
        }
        var magnitude = value.magnitude
        var length = value < 0 ? 2 : 1
        var probe = magnitude
        while probe >= 10 {
            probe /= 10
            length += 1
        }
        withUnsafeMutableBytes(of: &inline) { storage in
            // SAFETY: offset + length <= offset + 20 <= inlineCapacity == storage.count.
            let start = storage.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self) + offset
            if value < 0 { start[0] = UInt8(ascii: "-") }
            var position = length
            repeat {
                position -= 1
                start[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
        }
        inlineCount = offset + length
    }

    @usableFromInline
    mutating func appendInt64Slow(_ value: Int64) { appendDecimal(value) }

    /// Copies `bytes` into the inline buffer; inlined at call sites, where a literal's length is a constant.
    @inlinable @inline(__always)
    public mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        let offset = inlineCount
        if !isSpilled, bytes.count <= Self.inlineCapacity - offset, let source = bytes.baseAddress {
            withUnsafeMutableBytes(of: &inline) { storage in
                // SAFETY: offset + bytes.count <= inlineCapacity == storage.count, checked above.
                (storage.baseAddress.unsafelyUnwrapped + offset).copyMemory(from: source, byteCount: bytes.count)
            }
            inlineCount = offset + bytes.count
            return
        }
        appendBytesSlow(bytes)
    }

    /// Appends one byte.
    @inlinable @inline(__always)
    public mutating func appendByte(_ byte: UInt8) {
        withUnsafePointer(to: byte) { appendBytes(UnsafeBufferPointer(start: $0, count: 1)) }
    }

    /// Past the inline buffer: everything so far moves to a heap array once, and later runs append to it.
    @usableFromInline
    mutating func appendBytesSlow(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count > 0 else { return }
        if !isSpilled {
            isSpilled = true
            spilled.reserveCapacity(inlineCount + bytes.count + 64)
            withUnsafeBytes(of: &inline) { spilled.append(contentsOf: $0[0..<inlineCount]) }
        }
        spilled.append(contentsOf: bytes)
    }

    @inlinable
    func makeString() -> String {
        if isSpilled { return String(decoding: spilled, as: UTF8.self) }
        let count = inlineCount
        return withUnsafeBytes(of: inline) { storage in
            String(decoding: UnsafeRawBufferPointer(rebasing: storage[0..<count]).bindMemory(to: UInt8.self), as: UTF8.self)
        }
    }
}
