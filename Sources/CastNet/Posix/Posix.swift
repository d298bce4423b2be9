import CCastNetShims
import Glibc

/// Every system call CastNet makes, each wrapped exactly once.
///
/// The wrappers retry `EINTR`, turn `EAGAIN`/`EWOULDBLOCK` into `.wouldBlock` where the descriptor is non-blocking,
/// and capture `errno` right after the call into an `IOError`. They are `@inline(never)` statics so that no retain
/// or release (which may call into the allocator) can run between the failing call and the read of `errno`.
enum Posix {
    /// Runs `body` until it does not fail with `EINTR`; any other -1 becomes an `IOError` named `call`.
    @inline(__always)
    static func retrying<T: FixedWidthInteger>(_ call: StaticString, _ body: () -> T) throws(IOError) -> T {
        while true {
            let result = body()
            if result != -1 { return result }
            let code = errno
            if code == EINTR { continue }
            throw IOError(errno: code, call: "\(call)")
        }
    }

    /// Like `retrying`, for calls on non-blocking descriptors: `EAGAIN`/`EWOULDBLOCK` is `.wouldBlock`.
    @inline(__always)
    static func nonBlocking<T: FixedWidthInteger>(
        _ call: StaticString, _ body: () -> T
    ) throws(IOError) -> IOResult<T> {
        while true {
            let result = body()
            if result != -1 { return .processed(result) }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return .wouldBlock }
            throw IOError(errno: code, call: "\(call)")
        }
    }

    /// `close(2)`. `EINTR` is not retried: on Linux the descriptor is released even then, and a retry could close a
    /// descriptor another thread has just been given.
    @inline(never)
    static func close(_ fd: Int32) throws(IOError) {
        if Glibc.close(fd) == -1 {
            let code = errno
            if code == EINTR { return }
            throw IOError(errno: code, call: "close")
        }
    }

    /// `read(2)` on a non-blocking descriptor.
    @inline(never)
    static func read(
        _ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer
    ) throws(IOError) -> IOResult<Int> {
        try nonBlocking("read") { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    }

    /// `write(2)` on a non-blocking descriptor.
    @inline(never)
    static func write(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) throws(IOError) -> IOResult<Int> {
        try nonBlocking("write") { Glibc.write(fd, buffer.baseAddress, buffer.count) }
    }

    /// `recv(2)` on a non-blocking socket.
    @inline(never)
    static func recv(
        _ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer, flags: Int32 = 0
    ) throws(IOError) -> IOResult<Int> {
        try nonBlocking("recv") { Glibc.recv(fd, buffer.baseAddress, buffer.count, flags) }
    }

    /// `send(2)` with `MSG_NOSIGNAL`, so a peer that went away is an `EPIPE` error, never a SIGPIPE.
    @inline(never)
    static func send(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) throws(IOError) -> IOResult<Int> {
        try nonBlocking("send") { Glibc.send(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL)) }
    }

    /// `sendmsg(2)` with `MSG_NOSIGNAL`.
    @inline(never)
    static func sendmsg(_ fd: Int32, _ message: UnsafePointer<msghdr>) throws(IOError) -> IOResult<Int> {
        try nonBlocking("sendmsg") { Glibc.sendmsg(fd, message, Int32(MSG_NOSIGNAL)) }
    }

    /// `recvmsg(2)` on a non-blocking socket.
    @inline(never)
    static func recvmsg(
        _ fd: Int32, _ message: UnsafeMutablePointer<msghdr>
    ) throws(IOError) -> IOResult<Int> {
        try nonBlocking("recvmsg") { Glibc.recvmsg(fd, message, 0) }
    }

    /// `shutdown(2)`; `how` is `SHUT_RD`, `SHUT_WR` or `SHUT_RDWR`.
    @inline(never)
    static func shutdown(_ fd: Int32, how: Int32) throws(IOError) {
        _ = try retrying("shutdown") { Glibc.shutdown(fd, how) }
    }

    /// The monotonic clock (`CLOCK_MONOTONIC`) in nanoseconds; it cannot fail for a valid clock id.
    @inline(never)
    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        _ = clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }
}
