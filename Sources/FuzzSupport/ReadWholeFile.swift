#if canImport(Glibc)
internal import Glibc
#endif

/// Reads a file with stdio so the fuzz support module needs no Foundation.
func readWholeFile(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        if count == 0 { break }
        bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
}
