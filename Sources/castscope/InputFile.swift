import CastCLI
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a command's input: a file path, or standard input for `-` or no path.
enum InputFile {

    static func readAll(_ path: String?) throws -> [UInt8] {
        guard let path, path != "-" else {
            return [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CommandFailure("cannot read \(path): no such file")
        }
        guard !isDirectory.boolValue else { throw CommandFailure("cannot read \(path): it is a directory") }
        // A FileHandle reads devices, pipes and process substitutions (/dev/null, <(…)) to their end too, where
        // FileManager.contents(atPath:) gives up on anything but a regular file.
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CommandFailure("cannot read \(path): permission denied")
        }
        defer { try? handle.close() }
        do {
            return [UInt8](try handle.readToEnd() ?? Data())
        } catch {
            throw CommandFailure("cannot read \(path): \(String(cString: strerror(errno)))")
        }
    }
}

/// Writes a command's output file whole (created or truncated, mode 0644), the error naming the file and the cause.
enum OutputFile {
    static func write(_ bytes: some Collection<UInt8>, to path: String) throws(CommandFailure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CommandFailure("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let buffer = Array(bytes)
        var written = 0
        while written < buffer.count {
            let count = buffer.withUnsafeBytes { raw in
                Glibc.write(fd, raw.baseAddress.map { $0 + written }, raw.count - written)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                throw CommandFailure("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            written += count
        }
    }

    static func write(_ text: String, to path: String) throws(CommandFailure) {
        try write(text.utf8, to: path)
    }
}

/// Creates output directories with errors that name the directory and the system's reason (never Foundation's
/// NSCocoaErrorDomain text).
enum OutputDirectory {
    /// `mkdir -p path`.
    static func create(_ path: String) throws(CommandFailure) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) != 0, errno != EEXIST {
                throw CommandFailure("cannot create \(path): \(String(cString: strerror(errno)))")
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: prefix, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw CommandFailure("cannot create \(path): \(prefix) is not a directory")
            }
            prefix += "/"
        }
    }
}
