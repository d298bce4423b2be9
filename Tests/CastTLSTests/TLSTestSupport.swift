import CastTLS
import Foundation
import Testing

/// Hex helpers and fixture loading shared by the CastTLS tests.
enum TLSTestSupport {
    /// Bytes from a hex string with optional spaces/newlines.
    static func hex(_ text: String) -> [UInt8] {
        let digits = text.filter { $0.isHexDigit }
        var bytes: [UInt8] = []
        var index = digits.startIndex
        while index < digits.endIndex {
            let next = digits.index(index, offsetBy: 2)
            bytes.append(UInt8(digits[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }

    /// Lower-case hex of `bytes`.
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// The text of `Fixtures/chain/<name>`.
    static func chainFile(_ name: String) throws -> String {
        guard let url = Bundle.module.url(forResource: "Fixtures/chain/\(name)", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "fixture \(name) missing"])
        }
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// A certificate fixture.
    static func certificate(_ name: String) throws -> X509Certificate {
        try X509Certificate(pem: chainFile(name))
    }

    /// Moves ciphertext between two connections, stepping both handshakes, until nothing moves.
    /// Returns each side's last handshake step.
    @discardableResult
    static func handshake(
        client: TLSConnection, server: TLSConnection
    ) -> (client: TLSStep<Void>, server: TLSStep<Void>) {
        var clientStep = client.handshake()
        var serverStep = server.handshake()
        for _ in 0..<64 {
            let toServer = client.takeCiphertext()
            let toClient = server.takeCiphertext()
            if toServer.isEmpty && toClient.isEmpty { break }
            server.feed(ciphertext: toServer)
            client.feed(ciphertext: toClient)
            clientStep = client.handshake()
            serverStep = server.handshake()
        }
        return (clientStep, serverStep)
    }

    /// Sends `bytes` from one connection to the other and returns what the receiver decrypted.
    static func transfer(_ bytes: [UInt8], from sender: TLSConnection, to receiver: TLSConnection) -> [UInt8]? {
        guard case .complete = sender.write(bytes) else { return nil }
        receiver.feed(ciphertext: sender.takeCiphertext())
        guard case .complete(.data(let data)) = receiver.read() else { return nil }
        return data
    }

    /// A fresh client/server pair.
    static func pair(
        client clientConfiguration: TLSConfiguration, server serverConfiguration: TLSConfiguration
    ) throws -> (client: TLSConnection, server: TLSConnection) {
        let client = try TLSConnection(context: TLSContext(configuration: clientConfiguration))
        let server = try TLSConnection(context: TLSContext(configuration: serverConfiguration))
        return (client, server)
    }

    /// True when the environment demands external peers (the Makefile sets CASTSCOPE_REQUIRE_PEERS=1).
    static var peersRequired: Bool { ProcessInfo.processInfo.environment["CASTSCOPE_REQUIRE_PEERS"] == "1" }
}

/// A key-log sink that keeps lines in memory.
final class RecordingKeyLog: KeyLogSink, @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    func writeKeyLogLine(_ line: String) {
        lock.lock()
        storage.append(line)
        lock.unlock()
    }

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

extension TLSStep {
    /// True for `.complete`.
    var isComplete: Bool {
        if case .complete = self { return true }
        return false
    }

    /// The error of `.failed`.
    var error: TLSError? {
        if case .failed(let error) = self { return error }
        return nil
    }
}
