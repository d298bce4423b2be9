import CCastLogShims
#if canImport(Glibc)
import Glibc
#endif

/// A failed socket call of a system sink: what was attempted, on what, and the errno.
public struct LogSocketError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `connect`, `send`, …
    public var operation: String
    /// The socket path or `host:port`.
    public var target: String
    /// The errno, or `CASTLOG_ERESOLVE` when the host name did not resolve.
    public var code: Int32

    public var description: String {
        let cause = code == CASTLOG_ERESOLVE ? "the host name does not resolve" : String(cString: strerror(code))
        return "\(operation) \(target): \(cause)"
    }
}

/// One socket of the journal and syslog sinks; every call is non-blocking or bounded, so a dead receiver never stalls
/// the program.
final class LogSocket: @unchecked Sendable {
    // A descriptor is touched only by its sink, under the sink's lock.
    let fd: Int32
    private let target: String

    private init(fd: Int32, target: String) {
        self.fd = fd
        self.target = target
    }

    deinit { close(fd) }

    private static func check(_ result: Int32, _ operation: String, _ target: String) throws(LogSocketError) -> Int32 {
        if result < 0 { throw LogSocketError(operation: operation, target: target, code: -result) }
        return result
    }

    /// An unconnected datagram socket for `sendDatagram(_:to:)`.
    static func unixDatagram() throws(LogSocketError) -> LogSocket {
        LogSocket(fd: try check(castlog_unix_datagram_socket(), "socket", "AF_UNIX"), target: "AF_UNIX")
    }

    /// A socket connected to the AF_UNIX `path`, datagram or stream.
    static func connectUnix(path: String, stream: Bool) throws(LogSocketError) -> LogSocket {
        let type = Int32(stream ? SOCK_STREAM.rawValue : SOCK_DGRAM.rawValue)
        return LogSocket(fd: try check(castlog_connect_unix(path, type), "connect", path), target: path)
    }

    /// A socket connected to `host`:`port` over TCP or UDP, the connect bounded by `timeoutMilliseconds`.
    static func connectInet(host: String, port: UInt16, stream: Bool, timeoutMilliseconds: Int32)
        throws(LogSocketError) -> LogSocket
    {
        let type = Int32(stream ? SOCK_STREAM.rawValue : SOCK_DGRAM.rawValue)
        let name = "\(host):\(port)"
        let fd = try check(castlog_connect_inet(host, String(port), type, timeoutMilliseconds), "connect", name)
        return LogSocket(fd: fd, target: name)
    }

    /// Sends one datagram to the AF_UNIX `path` without blocking.
    func sendDatagram(_ bytes: [UInt8], to path: String) throws(LogSocketError) {
        let result = bytes.withUnsafeBytes { castlog_send_to_unix(fd, path, $0.baseAddress, $0.count) }
        _ = try Self.check(result, "send", path)
    }

    /// Sends `bytes` in a sealed memfd over SCM_RIGHTS, journald's way for entries too large for a datagram.
    func sendSealedMemory(_ bytes: [UInt8], to path: String) throws(LogSocketError) {
        let memfd = try Self.check(bytes.withUnsafeBytes { castlog_sealed_memfd($0.baseAddress, $0.count) },
                                   "memfd", path)
        defer { close(memfd) }
        _ = try Self.check(castlog_send_descriptor_to_unix(fd, path, memfd), "send", path)
    }

    /// Sends all of `bytes` on the connected socket, waiting at most `timeoutMilliseconds` for room.
    func send(_ bytes: [UInt8], timeoutMilliseconds: Int32) throws(LogSocketError) {
        let result = bytes.withUnsafeBytes { castlog_send_all(fd, $0.baseAddress, $0.count, timeoutMilliseconds) }
        _ = try Self.check(result, "send", target)
    }

    /// This machine's host name, or nil.
    static func hostName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard castlog_host_name(&buffer, buffer.count) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `error` means the datagram is too large (journald then wants a memfd).
    static func isTooLarge(_ error: LogSocketError) -> Bool { error.code == EMSGSIZE || error.code == ENOBUFS }
}
