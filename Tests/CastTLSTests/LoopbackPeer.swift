import CastTLS
import CastTestSupport
import Foundation
import Glibc

/// Test-only blocking loopback TCP socket (CastNet is the real transport; tests must not depend on it).
final class LoopbackSocket {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let fd: Int32

    init(fd: Int32) { self.fd = fd }
    deinit { close(fd) }

    private static func address(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// Connects to 127.0.0.1:`port`.
    static func connect(port: UInt16) throws -> LoopbackSocket {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        let socket = LoopbackSocket(fd: fd)
        var address = address(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { throw Failure(description: "connect: errno \(errno)") }
        return socket
    }

    /// Listens on 127.0.0.1 with a kernel-chosen port.
    static func listen() throws -> (LoopbackSocket, UInt16) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        let socket = LoopbackSocket(fd: fd)
        var address = address(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && Glibc.listen(fd, 1) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw Failure(description: "bind/listen: errno \(errno)") }
        return (socket, UInt16(bigEndian: address.sin_port))
    }

    /// Waits up to `timeout` ms for one connection.
    func accept(timeout: Int32) throws -> LoopbackSocket {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, timeout) == 1 else { throw Failure(description: "no connection within \(timeout) ms") }
        let client = Glibc.accept(fd, nil, nil)
        guard client >= 0 else { throw Failure(description: "accept: errno \(errno)") }
        return LoopbackSocket(fd: client)
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw Failure(description: "send: errno \(errno)") }
            offset += sent
        }
    }

    /// Bytes received within `timeout` ms: nil on timeout, empty on end of stream.
    func receive(timeout: Int32) throws -> [UInt8]? {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, timeout) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count >= 0 else { throw Failure(description: "recv: errno \(errno)") }
        return Array(buffer.prefix(count))
    }

    /// Completes `connection`'s handshake over this socket.
    func handshake(_ connection: TLSConnection) throws {
        while true {
            let step = connection.handshake()
            try send(connection.takeCiphertext())
            switch step {
            case .complete: return
            case .failed(let error): throw error
            case .incomplete:
                guard let bytes = try receive(timeout: 10_000) else { throw Failure(description: "handshake timed out") }
                guard !bytes.isEmpty else { throw Failure(description: "peer closed during handshake") }
                connection.feed(ciphertext: bytes)
            }
        }
    }

    /// Reads plaintext until it contains `expected`, the peer closes, or 10 s pass.
    func read(_ connection: TLSConnection, until expected: String) throws -> String {
        var text = ""
        while !text.contains(expected) {
            switch connection.read() {
            case .complete(.data(let data)): text += String(decoding: data, as: UTF8.self); continue
            case .complete(.closed): return text
            case .failed(let error): throw error
            case .incomplete: break
            }
            try send(connection.takeCiphertext())
            guard let bytes = try receive(timeout: 10_000), !bytes.isEmpty else { return text }
            connection.feed(ciphertext: bytes)
        }
        return text
    }
}

/// A child process (the `openssl` CLI) whose output is collected in the background; terminated by its own pid.
final class PeerProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var collected = ""
    let stdin = Pipe()

    /// Where `openssl` is, or nil when it is not installed.
    static var opensslPath: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/openssl" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    init(_ executable: String, _ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = stdin
        try process.run()
        let handle = output.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                lock.lock()
                collected += String(decoding: data, as: UTF8.self)
                lock.unlock()
            }
        }
    }

    /// Everything printed so far (stdout and stderr together).
    var output: String {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }

    /// Polls the output until `predicate` holds or `seconds` pass; returns the output.
    func waitForOutput(seconds: Double, _ predicate: (String) -> Bool) async -> String {
        _ = await eventually(within: .seconds(seconds)) { predicate(output) }
        return output
    }

    /// Sends SIGTERM to this child (only) and reaps it.
    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
