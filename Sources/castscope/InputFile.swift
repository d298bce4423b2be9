import CastCLI
import Foundation

/// Reads a command's input: a file path, or standard input for `-` or no path.
enum InputFile {
    struct ReadError: Error, CustomStringConvertible {
        var description: String
    }

    static func readAll(_ path: String?) throws -> [UInt8] {
        guard let path, path != "-" else {
            return [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ReadError(description: "cannot read \(path): no such file")
        }
        guard !isDirectory.boolValue else { throw ReadError(description: "cannot read \(path): it is a directory") }
        // A FileHandle reads devices, pipes and process substitutions (/dev/null, <(…)) to their end too, where
        // FileManager.contents(atPath:) gives up on anything but a regular file.
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ReadError(description: "cannot read \(path): permission denied")
        }
        defer { try? handle.close() }
        do {
            return [UInt8](try handle.readToEnd() ?? Data())
        } catch {
            throw ReadError(description: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
    }
}

/// Creates output directories with errors that name the directory and the system's reason (never Foundation's
/// NSCocoaErrorDomain text).
enum OutputDirectory {
    /// `mkdir -p path`.
    static func create(_ path: String) throws(InputFile.ReadError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) != 0, errno != EEXIST {
                throw InputFile.ReadError(description: "cannot create \(path): \(String(cString: strerror(errno)))")
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: prefix, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw InputFile.ReadError(description: "cannot create \(path): \(prefix) is not a directory")
            }
            prefix += "/"
        }
    }
}
