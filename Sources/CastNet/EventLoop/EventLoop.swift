import CCastNetShims
import CastLog
import Glibc
import Synchronization

/// One thread running `epoll`: the serial executor the Cast stack is confined to.
///
/// Sockets register their descriptors here and get their callbacks on this thread. `execute` queues work from any
/// thread (an eventfd wakes the loop), timers use a timerfd with nanosecond deadlines, and the loop is a
/// `SerialExecutor`, so an actor whose `unownedExecutor` is the loop's runs every method on this thread.
///
/// State touched only on the loop thread (registrations, timers) needs no lock; the inbox of queued work is the one
/// structure shared with other threads.
public final class EventLoop: @unchecked Sendable {
    /// The thread's name (shown by `top -H`, truncated to 15 bytes).
    public let name: String

    let epollFD: Int32
    private let wakeFD: Int32
    private let timerFD: Int32
    private let inbox = Mutex(Inbox())
    private let loopThread = Atomic<UInt>(0)
    private let nextTimerID = Atomic<UInt64>(1)
    private let joinClaimed = Atomic<Bool>(false)
    private let exited = Atomic<Bool>(false)
    private var thread = pthread_t()

    // Loop-thread state.
    /// Scratch space every socket on this loop reads into (reads happen one at a time, on the loop thread).
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    private var handlers: [Int32: Registration] = [:]
    private var nextGeneration: UInt32 = 1
    private var timers = TimerQueue()
    /// The deadline the timerfd is armed for; 0 when disarmed or once its expiry has been read.
    private var armedDeadline: UInt64 = 0

    /// A registered descriptor: its handler and the generation that tells this registration from an earlier one of
    /// the same descriptor number (the kernel reuses the lowest free number at once).
    private struct Registration {
        var generation: UInt32
        var handler: any EventHandler

        /// What epoll reports back for it: the generation in the high half, the descriptor in the low half.
        func token(_ fd: Int32) -> UInt64 { UInt64(generation) << 32 | UInt64(UInt32(bitPattern: fd)) }
    }

    private struct Inbox {
        var tasks: [@Sendable () -> Void] = []
        var wakePending = false
        var state = State.running
    }

    private enum State { case running, shuttingDown, stopped }

    /// Creates the loop and starts its thread.
    public init(name: String = "CastNetLoop") throws(IOError) {
        self.name = name
        var opened: [Int32] = []
        do throws(IOError) {
            let epoll = try Posix.epollCreate()
            opened.append(epoll)
            let wake = try Posix.eventFD()
            opened.append(wake)
            let timer = try Posix.timerFD()
            opened.append(timer)
            try Posix.epollControl(epoll, EPOLL_CTL_ADD, wake, events: EPOLLIN.rawValue)
            try Posix.epollControl(epoll, EPOLL_CTL_ADD, timer, events: EPOLLIN.rawValue)
            (epollFD, wakeFD, timerFD) = (epoll, wake, timer)
        } catch {
            for fd in opened { try? Posix.close(fd) }
            throw error
        }
        let context = Unmanaged.passRetained(self).toOpaque()
        let result = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<EventLoop>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        guard result == 0 else {
            Unmanaged<EventLoop>.fromOpaque(context).release()
            throw IOError(errno: result, call: "pthread_create")
        }
    }

    deinit {
        readBuffer.deallocate()
        try? Posix.close(timerFD)
        try? Posix.close(wakeFD)
        try? Posix.close(epollFD)
    }

    /// True on the loop's own thread.
    public var isInEventLoop: Bool { loopThread.load(ordering: .acquiring) == UInt(pthread_self()) }

    /// Stops with a message when not on the loop thread (a programmer error).
    public func preconditionInEventLoop(file: StaticString = #fileID, line: UInt = #line) {
        precondition(isInEventLoop, "not on event loop \(name)", file: file, line: line)
    }

    /// Queues `task` to run on the loop thread, after everything queued before it. Work queued after `shutdown`
    /// completed is dropped (and logged at debug).
    public func execute(_ task: @escaping @Sendable () -> Void) {
        if !tryExecute(task) { NetLog.tcp.debug("task dropped: event loop stopped", ["net.loop": .string(name)]) }
    }

    /// Queues `task`; false when the loop has stopped and the task was dropped (the caller cleans up).
    public func tryExecute(_ task: @escaping @Sendable () -> Void) -> Bool {
        inbox.withLock { inbox -> Bool in
            guard inbox.state != .stopped else { return false }
            inbox.tasks.append(task)
            if !inbox.wakePending {
                inbox.wakePending = true
                // Signalled under the lock: one wakeup per batch, and never after the loop has stopped.
                try? Posix.signalEventFD(wakeFD)
            }
            return true
        }
    }

    /// Runs `task` now when already on the loop thread, otherwise queues it.
    public func runOnLoop(_ task: @escaping @Sendable () -> Void) {
        if isInEventLoop { task() } else { execute(task) }
    }

    /// Runs `body` on the loop thread and returns its result to the awaiting task; throws `ECANCELED` when the loop
    /// has stopped.
    public func submit<T: Sendable>(_ body: @escaping @Sendable () -> T) async throws(IOError) -> T {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
            let queued = tryExecute { continuation.resume(returning: body()) }
            if !queued { continuation.resume(returning: nil) }
        }
        guard let result else { throw IOError(errno: ECANCELED, call: "submit") }
        return result
    }

    /// Runs `task` on the loop thread once `delay` has passed, unless cancelled first.
    @discardableResult
    public func scheduleTask(in delay: Duration, _ task: @escaping @Sendable () -> Void) -> ScheduledTask {
        scheduleTask(at: .now() + delay, task)
    }

    /// Runs `task` on the loop thread at `deadline` (a `MonotonicInstant.now()`-based instant).
    @discardableResult
    public func scheduleTask(at deadline: MonotonicInstant, _ task: @escaping @Sendable () -> Void) -> ScheduledTask {
        let id = nextTimerID.wrappingAdd(1, ordering: .relaxed).oldValue
        let handle = ScheduledTask(id: id, loop: self)
        runOnLoop {
            self.timers.insert(id: id, deadline: deadline.nanoseconds) {
                // A cancel from another thread reaches the timer queue only when the loop runs its inbox, which
                // can be after the deadline if the loop was busy: the flag is set at once.
                guard !handle.isCancelled else { return }
                task()
            }
        }
        return handle
    }

    /// Runs `task` after `initialDelay`, then again `delay` after each run ends, until the handle is cancelled.
    @discardableResult
    public func scheduleRepeatedTask(
        initialDelay: Duration, delay: Duration, _ task: @escaping @Sendable (RepeatedTask) -> Void
    ) -> RepeatedTask {
        let repeated = RepeatedTask(loop: self, delay: delay, task: task)
        repeated.schedule(in: initialDelay)
        return repeated
    }

    /// Removes timer `id` (loop thread).
    func cancelTimer(id: UInt64) {
        runOnLoop { self.timers.cancel(id: id) }
    }

    /// Stops the loop: work already queued runs (and what it queues), pending timers are dropped, registered
    /// sockets are closed with `ECANCELED`. Blocks until the thread has exited, unless called on the loop itself.
    public func shutdown() {
        let wake = inbox.withLock { inbox -> Bool in
            guard inbox.state == .running else { return false }
            inbox.state = .shuttingDown
            return true
        }
        if wake { try? Posix.signalEventFD(wakeFD) }
        guard !isInEventLoop else { return }
        if joinClaimed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged {
            pthread_join(thread, nil)
        } else {
            while !exited.load(ordering: .acquiring) { usleep(1000) }
        }
    }

    // MARK: Registration (loop thread)

    /// Adds `fd` to epoll with `events`, routing its readiness to `handler`.
    func register(_ fd: Int32, events: UInt32, handler: any EventHandler) throws(IOError) {
        preconditionInEventLoop()
        let registration = Registration(generation: nextGeneration, handler: handler)
        // Generation 0 is the loop's own wake and timer descriptors.
        nextGeneration = nextGeneration == .max ? 1 : nextGeneration + 1
        try Posix.epollControl(epollFD, EPOLL_CTL_ADD, fd, events: events, data: registration.token(fd))
        handlers[fd] = registration
    }

    /// Changes the events `fd` is watched for.
    func reregister(_ fd: Int32, events: UInt32) throws(IOError) {
        preconditionInEventLoop()
        guard let registration = handlers[fd] else { throw IOError(errno: ENOENT, call: "epoll_ctl") }
        try Posix.epollControl(epollFD, EPOLL_CTL_MOD, fd, events: events, data: registration.token(fd))
    }

    /// Removes `fd` from epoll; call before closing it. Events already fetched for it in the current batch are
    /// dropped, also when the descriptor number is reused by a new registration before they are dispatched.
    func deregister(_ fd: Int32) {
        preconditionInEventLoop()
        handlers[fd] = nil
        try? Posix.epollControl(epollFD, EPOLL_CTL_DEL, fd, events: 0)
    }

    // MARK: The loop

    private func run() {
        loopThread.store(UInt(pthread_self()), ordering: .releasing)
        _ = CCastNetShims_setThreadName(String(name.utf8.prefix(15)) ?? "CastNetLoop")
        let capacity = 64
        let events = UnsafeMutableBufferPointer<epoll_event>.allocate(capacity: capacity)
        defer { events.deallocate() }
        while true {
            armTimer()
            let count: Int
            do {
                count = try Posix.epollWait(epollFD, events, timeout: -1)
            } catch {
                NetLog.tcp.info("epoll_wait failed: \(error.description)", ["net.loop": .string(name)])
                count = 0
            }
            for index in 0..<count {
                let token = events[index].data.u64
                let fd = Int32(bitPattern: UInt32(truncatingIfNeeded: token))
                let generation = UInt32(truncatingIfNeeded: token >> 32)
                let bits = events[index].events
                if generation == 0 && (fd == wakeFD || fd == timerFD) {
                    _ = try? Posix.drainCounter(fd)
                    // The one-shot timerfd is disarmed now; a timer at the same deadline must arm it again.
                    if fd == timerFD { armedDeadline = 0 }
                } else if let registration = handlers[fd], registration.generation == generation {
                    registration.handler.handleEvents(bits)
                }
            }
            runDueTimers()
            if runInbox() { break }
        }
        finishShutdown()
    }

    private func armTimer() {
        let next = timers.nextDeadline() ?? 0
        guard next != armedDeadline else { return }
        armedDeadline = next
        do {
            try Posix.timerFDSet(timerFD, deadlineNanoseconds: next)
        } catch {
            NetLog.tcp.info("timerfd_settime failed: \(error.description)", ["net.loop": .string(name)])
        }
    }

    private func runDueTimers() {
        // Timers scheduled while these run wait for the next turn, so a zero-delay reschedule cannot starve I/O.
        let idLimit = nextTimerID.load(ordering: .relaxed)
        let now = Posix.monotonicNanoseconds()
        while let (_, task) = timers.popDue(now: now, idLimit: idLimit) { task() }
    }

    /// Runs queued work; true when the loop should stop.
    private func runInbox() -> Bool {
        let (tasks, state) = inbox.withLock { inbox in
            let tasks = inbox.tasks
            inbox.tasks = []
            inbox.wakePending = false
            return (tasks, inbox.state)
        }
        for task in tasks { task() }
        guard state == .shuttingDown else { return false }
        // Drain what the drained work queued, then refuse more (atomically with the last emptiness check).
        while true {
            let more = inbox.withLock { inbox -> [@Sendable () -> Void] in
                if inbox.tasks.isEmpty {
                    inbox.state = .stopped
                    return []
                }
                let tasks = inbox.tasks
                inbox.tasks = []
                return tasks
            }
            if more.isEmpty { return true }
            for task in more { task() }
        }
    }

    private func finishShutdown() {
        timers.removeAll()
        let open = handlers.values
        for registration in open { registration.handler.eventLoopDidShutDown() }
        handlers.removeAll()
        exited.store(true, ordering: .releasing)
    }
}
