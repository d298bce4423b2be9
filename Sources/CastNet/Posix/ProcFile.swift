import Foundation

/// Reads files of /proc and /sys, which report a size of 0: Foundation's `String(contentsOfFile:)` then stops after
/// its first 4 KiB read (seen with /proc/net/udp on a host with many sockets), so these are read to the end here.
public enum ProcFile {
    /// The whole text of `path`, or nil when it cannot be opened.
    public static func read(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.readToEnd() else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
