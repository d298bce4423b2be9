import CCastNetShims
import Glibc

extension Posix {
    /// `socket(2)`, always non-blocking and close-on-exec.
    @inline(never)
    static func socket(domain: Int32, type: __socket_type, protocol: Int32 = 0) throws(IOError) -> Int32 {
        let flags = Int32(type.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        return try retrying("socket") { Glibc.socket(domain, flags, `protocol`) }
    }

    /// `bind(2)`.
    @inline(never)
    static func bind(
        _ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t
    ) throws(IOError) {
        _ = try retrying("bind") { Glibc.bind(fd, address, length) }
    }

    /// `listen(2)`.
    @inline(never)
    static func listen(_ fd: Int32, backlog: Int32) throws(IOError) {
        _ = try retrying("listen") { Glibc.listen(fd, backlog) }
    }

    /// `accept4(2)`, giving a non-blocking, close-on-exec descriptor; `.wouldBlock` when none is pending.
    @inline(never)
    static func accept(
        _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?
    ) throws(IOError) -> IOResult<Int32> {
        let flags = Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        return try nonBlocking("accept4") { CCastNetShims_accept4(fd, address, length, flags) }
    }

    /// `connect(2)` on a non-blocking socket: true when connected at once, false when in progress (`EINPROGRESS`).
    @inline(never)
    static func connect(
        _ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t
    ) throws(IOError) -> Bool {
        while true {
            if Glibc.connect(fd, address, length) == 0 { return true }
            let code = errno
            if code == EINTR { continue }
            if code == EINPROGRESS { return false }
            throw IOError(errno: code, call: "connect")
        }
    }

    /// `getsockname(2)`.
    @inline(never)
    static func getsockname(
        _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>
    ) throws(IOError) {
        _ = try retrying("getsockname") { Glibc.getsockname(fd, address, length) }
    }

    /// `getpeername(2)`.
    @inline(never)
    static func getpeername(
        _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>
    ) throws(IOError) {
        _ = try retrying("getpeername") { Glibc.getpeername(fd, address, length) }
    }

    /// `setsockopt(2)` with a value of any plain C type.
    @inline(never)
    static func setsockopt<Value>(
        _ fd: Int32, level: Int32, name: Int32, value: Value
    ) throws(IOError) {
        let size = socklen_t(MemoryLayout<Value>.size)
        _ = try retrying("setsockopt") {
            withUnsafeBytes(of: value) { Glibc.setsockopt(fd, level, name, $0.baseAddress, size) }
        }
    }

    /// `getsockopt(2)` for an `Int32` option such as `SO_ERROR`.
    @inline(never)
    static func getsockoptInt(_ fd: Int32, level: Int32, name: Int32) throws(IOError) -> Int32 {
        var value: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        _ = try retrying("getsockopt") { Glibc.getsockopt(fd, level, name, &value, &size) }
        return value
    }
}
