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
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReadError(description: "cannot read \(path): permission denied")
        }
        return [UInt8](data)
    }
}
