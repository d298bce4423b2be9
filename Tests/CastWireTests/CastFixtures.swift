import Foundation

/// Helpers for the Cast protobuf/frame tests: fixture files and hex literals.
enum CastFixtures {
    /// The checkout's root directory (tests run from the source tree).
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The committed cast-vectors directory.
    static let vectorsDirectory = repositoryRoot.appendingPathComponent("Tests/CastWireTests/Fixtures/cast-vectors")

    /// Bytes from hex text; whitespace and `_` ignored. Returns [] for malformed text (tests compare anyway).
    static func hex(_ text: String) -> [UInt8] {
        let digits = text.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) && $0 != "_" }
        var bytes: [UInt8] = []
        var pending: UInt8?
        for scalar in digits {
            guard let nibble = UInt8(String(scalar), radix: 16) else { return [] }
            if let high = pending {
                bytes.append(high << 4 | nibble)
                pending = nil
            } else {
                pending = nibble
            }
        }
        return bytes
    }

    /// The bytes of a committed cast vector.
    static func vector(_ file: String) throws -> [UInt8] {
        try read(vectorsDirectory.appendingPathComponent(file))
    }

    /// Reads a file's bytes.
    static func read(_ url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }

    /// True when the Makefile demands external peers (CASTSCOPE_REQUIRE_PEERS=1).
    static var peersRequired: Bool { ProcessInfo.processInfo.environment["CASTSCOPE_REQUIRE_PEERS"] == "1" }

    /// A frame (4-byte big-endian length + body) around `body`.
    static func frame(_ body: [UInt8]) -> [UInt8] {
        let n = UInt32(body.count)
        return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + body
    }
}
