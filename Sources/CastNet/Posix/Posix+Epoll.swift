import CCastNetShims
import Glibc

extension Posix {
    /// `epoll_create1(EPOLL_CLOEXEC)`.
    @inline(never)
    static func epollCreate() throws(IOError) -> Int32 {
        try retrying("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) }
    }

    /// `epoll_ctl(2)`; `operation` is `EPOLL_CTL_ADD`, `EPOLL_CTL_MOD` or `EPOLL_CTL_DEL`. `data` is what
    /// `epoll_wait` reports back for the descriptor (by default the descriptor number itself).
    @inline(never)
    static func epollControl(
        _ epollFD: Int32, _ operation: Int32, _ fd: Int32, events: UInt32, data: UInt64? = nil
    ) throws(IOError) {
        var event = epoll_event()
        event.events = events
        event.data.u64 = data ?? UInt64(UInt32(bitPattern: fd))
        _ = try retrying("epoll_ctl") { epoll_ctl(epollFD, operation, fd, &event) }
    }

    /// `epoll_wait(2)`; -1 for `timeout` waits forever. `EINTR` returns 0 events rather than retrying, so the caller
    /// re-checks its timers.
    @inline(never)
    static func epollWait(
        _ epollFD: Int32, _ events: UnsafeMutableBufferPointer<epoll_event>, timeout: Int32
    ) throws(IOError) -> Int {
        let count = epoll_wait(epollFD, events.baseAddress, Int32(events.count), timeout)
        if count >= 0 { return Int(count) }
        let code = errno
        if code == EINTR { return 0 }
        throw IOError(errno: code, call: "epoll_wait")
    }

    /// `eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)`.
    @inline(never)
    static func eventFD() throws(IOError) -> Int32 {
        try retrying("eventfd") { eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC)) }
    }

    /// `timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC)`.
    @inline(never)
    static func timerFD() throws(IOError) -> Int32 {
        try retrying("timerfd_create") {
            timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK) | Int32(TFD_CLOEXEC))
        }
    }

    /// Arms `fd` to fire once at the absolute monotonic time `deadline` (nanoseconds); 0 disarms it.
    @inline(never)
    static func timerFDSet(_ fd: Int32, deadlineNanoseconds deadline: UInt64) throws(IOError) {
        var spec = itimerspec()
        // A zero it_value disarms the timer, so an already-due deadline is rounded up to 1 ns (fires at once).
        let value = deadline == 0 ? 0 : max(deadline, 1)
        spec.it_value.tv_sec = Int(value / 1_000_000_000)
        spec.it_value.tv_nsec = Int(value % 1_000_000_000)
        _ = try retrying("timerfd_settime") { timerfd_settime(fd, Int32(TFD_TIMER_ABSTIME), &spec, nil) }
    }

    /// Reads and discards an eventfd or timerfd counter; `.wouldBlock` when it was zero.
    @inline(never)
    static func drainCounter(_ fd: Int32) throws(IOError) -> IOResult<UInt64> {
        var counter: UInt64 = 0
        let result = try nonBlocking("read") {
            withUnsafeMutableBytes(of: &counter) { Glibc.read(fd, $0.baseAddress, 8) }
        }
        switch result {
        case .processed: return .processed(counter)
        case .wouldBlock: return .wouldBlock
        }
    }

    /// Adds 1 to an eventfd counter, waking whoever polls it. A full counter (`EAGAIN`) already means "awake".
    @inline(never)
    static func signalEventFD(_ fd: Int32) throws(IOError) {
        var one: UInt64 = 1
        _ = try nonBlocking("write") { withUnsafeBytes(of: &one) { Glibc.write(fd, $0.baseAddress, 8) } }
    }
}
