import Glibc
import Testing

@testable import CastNet

@Suite struct PosixTests {
    @Test func emptyNonBlockingPipeReadIsWouldBlockNotAnError() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        for fd in fds { _ = fcntl(fd, F_SETFL, O_NONBLOCK) }
        defer {
            close(fds[0])
            close(fds[1])
        }
        var storage = [UInt8](repeating: 0, count: 16)
        let empty = try storage.withUnsafeMutableBytes { (buffer) throws(IOError) in try Posix.read(fds[0], buffer) }
        guard case .wouldBlock = empty else {
            Issue.record("expected wouldBlock, got \(empty)")
            return
        }
        let written = try [UInt8]([7, 8]).withUnsafeBytes { (bytes) throws(IOError) in try Posix.write(fds[1], bytes) }
        guard case .processed(2) = written else {
            Issue.record("expected 2 bytes written, got \(written)")
            return
        }
        let read = try storage.withUnsafeMutableBytes { (buffer) throws(IOError) in try Posix.read(fds[0], buffer) }
        guard case .processed(2) = read else {
            Issue.record("expected 2 bytes read, got \(read)")
            return
        }
        #expect(storage.prefix(2) == [7, 8])
    }

    @Test func failingCallCapturesErrnoAndNamesTheCall() {
        var storage = [UInt8](repeating: 0, count: 4)
        #expect(throws: IOError(errno: EBADF, call: "read")) {
            _ = try storage.withUnsafeMutableBytes { (buffer) throws(IOError) in try Posix.read(-1, buffer) }
        }
        #expect(throws: IOError(errno: EBADF, call: "close")) { try Posix.close(-1) }
        #expect(throws: IOError(errno: ENOTSOCK, call: "setsockopt")) {
            try Posix.setsockopt(0, level: SOL_SOCKET, name: SO_REUSEADDR, value: Int32(1))
        }
    }

    @Test func sendToAClosedPeerIsBrokenPipeNotSIGPIPE() throws {
        var fds: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0, &fds) == 0)
        defer { close(fds[0]) }
        close(fds[1])
        #expect(throws: IOError(errno: EPIPE, call: "send")) {
            _ = try [UInt8]([1]).withUnsafeBytes { (bytes) throws(IOError) in try Posix.send(fds[0], bytes) }
        }
    }

    @Test func secondListenerOnATakenPortIsAddressInUse() throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let first = try TCPListener.bind(to: SocketAddress(.loopback, port: 0), on: loop) { _ in }
        defer { first.close() }
        #expect(throws: IOError(errno: EADDRINUSE, call: "bind")) {
            _ = try TCPListener.bind(to: first.localAddress, on: loop) { _ in }
        }
    }

    @Test func timerDeadlinesOrderEqualDeadlinesBySchedulingOrder() {
        var queue = TimerQueue()
        queue.insert(id: 3, deadline: 10) {}
        queue.insert(id: 1, deadline: 20) {}
        queue.insert(id: 2, deadline: 10) {}
        queue.insert(id: 4, deadline: 5) {}
        queue.cancel(id: 4)
        var order: [UInt64] = []
        while let (deadline, _) = queue.popDue(now: 100) { order.append(deadline) }
        #expect(order == [10, 10, 20])
        #expect(queue.count == 0)
    }
}
