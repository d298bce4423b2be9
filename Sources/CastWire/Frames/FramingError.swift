/// Why a Cast frame (4-byte big-endian length + `CastMessage` body, protocol.md §2.2) was rejected, and where.
public struct FramingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The failure classes.
    public enum Kind: Sendable, Hashable {
        /// The header announced a body of zero bytes, which no valid `CastMessage` has (openscreen rejects it).
        case zeroLength
        /// The header announced more than the 64 KiB body limit (Chromium/openscreen `kMaxBodySize`).
        case bodyTooLarge(length: UInt32, maximum: Int)
        /// The input ended inside a frame: `needed` bytes make the frame, `available` are there.
        case truncated(needed: Int, available: Int)
        /// The body is not a valid `CastMessage`.
        case invalidMessage(ProtobufError)
    }

    /// What went wrong.
    public var kind: Kind
    /// Stream offset of the frame's first header byte.
    public var offset: Int

    /// An error of `kind` for the frame starting at `offset`.
    public init(_ kind: Kind, offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// True for `.truncated`.
    public var isTruncated: Bool {
        if case .truncated = kind { return true }
        return false
    }

    /// The reason alone, without the frame offset.
    public var reason: String {
        switch kind {
        case .zeroLength: "zero-length frame"
        case let .bodyTooLarge(length, maximum): "body length \(length) exceeds the \(maximum)-byte limit"
        case let .truncated(needed, available): "truncated frame: need \(needed) bytes, have \(available)"
        case let .invalidMessage(error): "invalid CastMessage: \(error)"
        }
    }

    /// `frame at offset N: <why>`.
    public var description: String { "frame at offset \(offset): \(reason)" }

    /// The same error with every offset moved by `delta` (for buffers that have dropped consumed bytes).
    public func shifted(by delta: Int) -> FramingError {
        var copy = self
        copy.offset += delta
        if case var .invalidMessage(inner) = kind {
            inner.offset += delta
            copy.kind = .invalidMessage(inner)
        }
        return copy
    }
}
