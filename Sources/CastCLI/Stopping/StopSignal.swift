import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The write end of the wake pipe, read by the signal handler (an atomic load is async-signal-safe).
private let wakeWriteFD = Atomic<Int32>(-1)

/// Set by the first signal, for loops that check between units of work (`capture` between packets).
private let stopRequested = Atomic<Bool>(false)

/// SIGINT/SIGTERM as "stop when you can" for commands that run until interrupted (`watch`, `receiver`, `tail -f`,
/// `capture`, advertising): the first signal opens a `StopLatch` the command awaits, woken through a self-pipe
/// (the handler only writes a byte), so nothing polls. The handler then resets to the default (SA_RESETHAND), so
/// a second Ctrl-C kills a process that is slow to stop. Install only around the part of the run that waits:
/// before it, the default applies and Ctrl-C interrupts (reading a big capture, say).
public enum StopSignal {
    private struct Wake {
        var readSource: (any DispatchSourceRead)?
        var latch: StopLatch?
    }

    private static let wake = Mutex(Wake())

    /// Installs the handlers for SIGINT and SIGTERM; the first one opens `latch` (a fresh one when none is given),
    /// which is returned for the command to await.
    /// Without a wake pipe (no descriptors left) no handler is installed: the default applies and Ctrl-C ends the
    /// process at once, rather than setting a flag nobody would be woken for.
    @discardableResult
    public static func install(opening latch: StopLatch = StopLatch()) -> StopLatch {
        // Touch both globals before a handler can run, so their lazy initialisation never happens inside one.
        stopRequested.store(false, ordering: .relaxed)
        let canWake = wake.withLock { wake -> Bool in
            wake.latch = latch
            if wake.readSource == nil { wake.readSource = makeWakeSource() }
            return wake.readSource != nil
        }
        guard canWake else { return latch }
        for signalNumber in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in
                stopRequested.store(true, ordering: .relaxed)
                var byte: UInt8 = 1
                _ = write(wakeWriteFD.load(ordering: .relaxed), &byte, 1)
            }
            action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND))
            sigemptyset(&action.sa_mask)
            sigaction(signalNumber, &action, nil)
        }
        return latch
    }

    /// True once a stop was asked for since `install`.
    public static var isRequested: Bool { stopRequested.load(ordering: .relaxed) }

    /// Puts the default dispositions back (the command no longer waits for a stop).
    public static func restoreDefault() {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        wake.withLock { $0.latch = nil }
    }

    /// Unblocks the signals that end or interrupt a command. A parent may start us with them blocked (Foundation's
    /// `Process` passes on the mask of the Swift or Dispatch thread that starts it, where they are blocked); a
    /// blocked SIGTERM stays pending for ever and `kill` could not stop a receiver, a capture or a `tail -f`.
    /// Called first thing, on the main thread, so every thread started later inherits the unblocked mask.
    public static func unblockInherited() {
        var set = sigset_t()
        sigemptyset(&set)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&set, signalNumber) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The pipe the handler writes to and a Dispatch source that opens the current latch when a byte arrives.
    private static func makeWakeSource() -> (any DispatchSourceRead)? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        wakeWriteFD.store(fds[1], ordering: .relaxed)
        let source = DispatchSource.makeReadSource(fileDescriptor: fds[0], queue: .global())
        source.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 16)
            while read(fds[0], &buffer, buffer.count) > 0 {}
            wake.withLock { $0.latch }?.open()
        }
        source.resume()
        return source
    }
}
