import CCastNetShims
import Glibc

/// Runs code inside a Linux network namespace, so a process can own sockets on a namespace's interfaces.
///
/// The namespace of a socket is fixed when it is created, so sockets made inside `run` stay in the namespace while
/// an `EventLoop` in the original namespace drives them. The code runs on a thread of its own that is then
/// discarded, so no thread of the caller (or of Swift's task pool) ever changes namespace. Needs CAP_SYS_ADMIN.
public enum NetworkNamespace {
    /// The file `ip netns add NAME` creates for a named namespace.
    public static func path(ofNamed name: String) -> String { "/run/netns/\(name)" }

    /// Runs `body` in the namespace at `path` (e.g. `/run/netns/NAME`) and returns its result; blocks until done.
    public static func run<T: Sendable>(
        inNamespaceAt path: String, _ body: @escaping @Sendable () throws(IOError) -> T
    ) throws(IOError) -> T {
        let box = ResultBox<T>()
        let thread = NamespaceThread(path: path) { box.result = Result(catching: body) }
        try thread.startAndJoin()
        if let failure = thread.setupError { throw failure }
        guard let result = box.result else { throw IOError(errno: EINVAL, call: "setns") }
        return try result.get()
    }
}

/// Where the namespace thread leaves the body's result; read only after the thread is joined.
private final class ResultBox<T: Sendable>: @unchecked Sendable {
    var result: Result<T, IOError>?
}

/// One thread that enters a namespace, runs its work and ends; its fields are read only after `pthread_join`.
private final class NamespaceThread: @unchecked Sendable {
    let path: String
    let work: @Sendable () -> Void
    var setupError: IOError?

    init(path: String, work: @escaping @Sendable () -> Void) {
        self.path = path
        self.work = work
    }

    func startAndJoin() throws(IOError) {
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<NamespaceThread>.fromOpaque(context).takeRetainedValue().main()
                return nil
            }, context)
        guard created == 0 else {
            Unmanaged<NamespaceThread>.fromOpaque(context).release()
            throw IOError(errno: created, call: "pthread_create")
        }
        pthread_join(thread, nil)
    }

    private func main() {
        do throws(IOError) {
            let fd = try Posix.retrying("open") { open(path, O_RDONLY | O_CLOEXEC) }
            defer { try? Posix.close(fd) }
            _ = try Posix.retrying("setns") { CCastNetShims_enterNetworkNamespace(fd) }
        } catch {
            setupError = error
            return
        }
        work()
    }
}
