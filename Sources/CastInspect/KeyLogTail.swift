import Foundation

/// Follows a key-log file that grows while a capture runs, handing out each new complete line once.
///
/// `castscope capture --keylog` polls it before writing packets, so every new line goes into a Decryption Secrets
/// Block ahead of the packets that need it, and into the live inspector's key log. A missing file is waited for; a
/// file that shrinks (rewritten) is read again from its start.
public final class KeyLogTail {
    /// The path followed.
    public let path: String
    /// Bytes handed out so far.
    public private(set) var offset: UInt64 = 0
    /// Most bytes read in one poll (a key log is small; this bounds a runaway file).
    static let maximumRead = 1 << 20

    /// A follower of `path`; nothing is read until `poll`.
    public init(path: String) { self.path = path }

    /// The complete lines added since the last poll (with their newlines), or empty.
    public func poll() -> [UInt8] {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = (attributes[.size] as? NSNumber)?.uint64Value else { return [] }
        if size < offset { offset = 0 }
        guard size > offset, let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        let count = Int(min(size - offset, UInt64(Self.maximumRead)))
        guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.read(upToCount: count) else {
            return []
        }
        let bytes = [UInt8](data)
        // Only whole lines: the writer may be in the middle of one.
        guard let lastNewline = bytes.lastIndex(of: 0x0A) else { return [] }
        offset += UInt64(lastNewline + 1)
        return Array(bytes[...lastNewline])
    }
}
