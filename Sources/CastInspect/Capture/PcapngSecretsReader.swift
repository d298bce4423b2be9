import Foundation

/// Finds the TLS key logs in a pcapng file's Decryption Secrets Blocks, which libpcap skips.
///
/// Reads only block headers (type and length) and the DSB bodies, through the whole file: `editcap
/// --inject-secrets` writes them before the packets, `castscope capture -w` also between packets as its key log
/// grows. The file is read sequentially in 1 MiB chunks, so this costs one extra read of a pcapng file.
public enum PcapngSecretsReader {
    /// pcapng block type of a Decryption Secrets Block.
    static let decryptionSecretsBlock: UInt32 = 0x0000_000A
    /// DSB secrets type for an NSS TLS key log ("TLSK").
    static let tlsKeyLogType: UInt32 = 0x544C_534B
    /// Largest DSB body read (16 MiB).
    static let maximumSecretsLength = 16 << 20
    /// Most key-log bytes returned from one file (64 MiB); DSBs beyond are ignored.
    static let maximumTotalSecrets = 64 << 20

    /// The key-log texts of the DSBs in `bytes` (a pcapng file prefix or whole file); empty for pcap files.
    public static func keyLogs(in bytes: [UInt8]) -> [String] {
        var source = ArraySource(bytes: bytes)
        return keyLogs(from: &source)
    }

    /// The key-log texts of the DSBs in the file at `path`; empty when none or not pcapng.
    public static func keyLogs(atPath path: String) -> [String] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        // Anything but pcapng (a classic pcap above all) is told by its first block type, before a 1 MiB window is
        // read for nothing.
        guard let type = try? handle.read(upToCount: 4), Array(type) == [0x0A, 0x0D, 0x0D, 0x0A] else { return [] }
        var source = FileSource(handle: handle)
        return keyLogs(from: &source)
    }

    private static func keyLogs(from source: inout some BlockSource) -> [String] {
        var bigEndian = false
        func u32(_ b: [UInt8], _ at: Int) -> UInt32 {
            let v = (UInt32(b[at]), UInt32(b[at + 1]), UInt32(b[at + 2]), UInt32(b[at + 3]))
            return bigEndian ? v.0 << 24 | v.1 << 16 | v.2 << 8 | v.3 : v.3 << 24 | v.2 << 16 | v.1 << 8 | v.0
        }
        var texts: [String] = []
        var total = 0
        var offset = 0
        while let header = source.read(at: offset, count: 12), header.count >= 8 {
            // Each Section Header (its type reads the same both ways) sets the byte order of its section with the
            // magic 0x1A2B3C4D: files concatenated from different machines switch order mid-file.
            if header[0] == 0x0A, header[1] == 0x0D, header[2] == 0x0D, header[3] == 0x0A, header.count == 12 {
                switch (header[8], header[9], header[10], header[11]) {
                case (0x1A, 0x2B, 0x3C, 0x4D): bigEndian = true
                case (0x4D, 0x3C, 0x2B, 0x1A): bigEndian = false
                default: return texts
                }
            } else if offset == 0 {
                return []  // not pcapng
            }
            let type = u32(header, 0)
            let length = Int(u32(header, 4))
            guard length >= 12, length % 4 == 0 else { break }
            if type == decryptionSecretsBlock, length - 12 >= 8, length - 12 <= maximumSecretsLength + 8,
               let body = source.read(at: offset + 8, count: length - 12), body.count == length - 12 {
                let secretsType = u32(body, 0)
                let secretsLength = min(Int(u32(body, 4)), body.count - 8)
                if secretsType == tlsKeyLogType, secretsLength > 0 {
                    // Bounded in total too: a hostile file of many DSBs must not fill memory.
                    guard total + secretsLength <= maximumTotalSecrets else { break }
                    total += secretsLength
                    texts.append(String(decoding: body[8..<8 + secretsLength], as: UTF8.self))
                }
            }
            offset += length
        }
        return texts
    }
}

/// Random access to the bytes being scanned.
private protocol BlockSource {
    mutating func read(at offset: Int, count: Int) -> [UInt8]?
}

private struct ArraySource: BlockSource {
    let bytes: [UInt8]
    func read(at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, offset < bytes.count else { return nil }
        return Array(bytes[offset..<min(bytes.count, offset + count)])
    }
}

/// Reads through a 1 MiB window, since the scan visits every block header in order.
private struct FileSource: BlockSource {
    let handle: FileHandle
    var window: [UInt8] = []
    var windowStart = 0
    static let chunk = 1 << 20

    init(handle: FileHandle) { self.handle = handle }

    mutating func read(at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0 else { return nil }
        if offset >= windowStart, offset + count <= windowStart + window.count {
            return Array(window[(offset - windowStart)..<(offset - windowStart + count)])
        }
        guard (try? handle.seek(toOffset: UInt64(offset))) != nil,
              let data = try? handle.read(upToCount: max(count, Self.chunk)) else { return nil }
        window = [UInt8](data)
        windowStart = offset
        return Array(window.prefix(count))
    }
}
