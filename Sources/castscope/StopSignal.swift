import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Set by the first SIGINT/SIGTERM; a long-running command checks it and ends cleanly.
private let stopRequested = Atomic<Bool>(false)

/// SIGINT/SIGTERM as "stop when you can" for `tail -f` and `capture`: the first signal sets a flag the command's loop
/// checks; the handler is then reset to the default (SA_RESETHAND), so a second Ctrl-C kills a process that is slow
/// to stop. Install only around the part of the run that checks the flag: before it, the default applies and
/// Ctrl-C interrupts (reading a big capture, say).
enum StopSignal {
    /// Installs the handlers for SIGINT and SIGTERM and clears the flag.
    static func install() {
        // Touch the flag before a handler can run, so its lazy initialisation never happens inside one.
        stopRequested.store(false, ordering: .relaxed)
        for signalNumber in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in stopRequested.store(true, ordering: .relaxed) }
            action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND))
            sigemptyset(&action.sa_mask)
            sigaction(signalNumber, &action, nil)
        }
    }

    /// Unblocks the signals that end or interrupt a command. A parent may start us with them blocked (Foundation's
    /// `Process` passes on the mask of the Swift or Dispatch thread that starts it, where they are blocked); a
    /// blocked SIGTERM stays pending for ever and `kill` could not stop a receiver, a capture or a `tail -f`.
    /// Called first thing, on the main thread, so every thread started later inherits the unblocked mask.
    static func unblockInherited() {
        var set = sigset_t()
        sigemptyset(&set)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&set, signalNumber) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// True once a stop was asked for.
    static var isRequested: Bool { stopRequested.load(ordering: .relaxed) }

    /// Puts the default dispositions back (the command no longer checks the flag).
    static func restoreDefault() {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
