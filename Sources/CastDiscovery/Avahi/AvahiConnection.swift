internal import CAvahi
import CastLog
import Glibc

/// Why talking to avahi-daemon failed.
public struct AvahiError: Error, Sendable, CustomStringConvertible {
    /// The libavahi call that failed.
    public var call: String
    /// avahi's error code (negative).
    public var code: Int32
    /// avahi's text for the code.
    public var message: String

    init(call: String, code: Int32) {
        self.call = call
        self.code = code
        message = avahi_strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }

    /// "CALL: MESSAGE", said plainly when the daemon could not be reached at all.
    public var description: String {
        guard call == "avahi_client_new" else { return "\(call): \(message)" }
        return "avahi-daemon is not reachable on the system D-Bus (\(call): \(message)); start avahi-daemon "
            + "(and dbus), or discover with the built-in mDNS querier (--via builtin)"
    }
}

/// One connection to avahi-daemon over D-Bus, driven by an `avahi_threaded_poll` thread.
///
/// avahi calls back on its poll thread with the poll lock held; every other thread takes the lock (`withLock`)
/// before touching the client or objects made from it. The connection owns the poll and the client and frees both.
final class AvahiConnection: @unchecked Sendable {
    let poll: OpaquePointer
    private(set) var client: OpaquePointer?
    private var started = false

    /// Connects (fails at once when the daemon is not on the bus) and starts the poll thread.
    init() throws(AvahiError) {
        guard let poll = avahi_threaded_poll_new() else { throw AvahiError(call: "avahi_threaded_poll_new", code: -1) }
        self.poll = poll
        var error: Int32 = 0
        // No callback: client state changes are read through avahi_client_get_state where needed.
        // Every stored property is set from here on, so a throw still runs deinit, which frees the poll: freeing
        // it here as well was a double free (a crash whenever avahi-daemon was not on the bus).
        guard let client = avahi_client_new(avahi_threaded_poll_get(poll), AvahiClientFlags(0), nil, nil, &error)
        else {
            throw AvahiError(call: "avahi_client_new", code: error)
        }
        self.client = client
        guard avahi_threaded_poll_start(poll) == 0 else {
            avahi_client_free(client)
            self.client = nil
            throw AvahiError(call: "avahi_threaded_poll_start", code: -1)
        }
        started = true
    }

    /// Runs `body` with the poll lock held (not from inside an avahi callback: those hold it already).
    func withLock<T>(_ body: (OpaquePointer) -> T) -> T? {
        avahi_threaded_poll_lock(poll)
        defer { avahi_threaded_poll_unlock(poll) }
        guard let client else { return nil }
        return body(client)
    }

    /// The last error of the client as an `AvahiError`.
    func lastError(_ call: String) -> AvahiError {
        AvahiError(call: call, code: client.map { avahi_client_errno($0) } ?? -1)
    }

    /// Stops the poll thread and frees the client (and with it every browser, resolver and group made from it).
    func close() {
        guard started else { return }
        started = false
        avahi_threaded_poll_stop(poll)
        if let client { avahi_client_free(client) }
        client = nil
    }

    deinit {
        close()
        avahi_threaded_poll_free(poll)
    }

    /// True when avahi-daemon answers on the system bus.
    static func isDaemonReachable() -> Result<String, AvahiError> {
        guard let simple = avahi_simple_poll_new() else {
            return .failure(AvahiError(call: "avahi_simple_poll_new", code: -1))
        }
        defer { avahi_simple_poll_free(simple) }
        var error: Int32 = 0
        guard let client = avahi_client_new(avahi_simple_poll_get(simple), AvahiClientFlags(0), nil, nil, &error) else {
            return .failure(AvahiError(call: "avahi_client_new", code: error))
        }
        defer { avahi_client_free(client) }
        let version = avahi_client_get_version_string(client).map { String(cString: $0) } ?? "avahi"
        let host = avahi_client_get_host_name(client).map { String(cString: $0) } ?? "?"
        return .success("\(version) on host \(host)")
    }
}

/// Whether avahi-daemon answers on D-Bus, for `--via auto` and `--diagnose`.
public enum AvahiProbe {
    /// The daemon's version and host name, or why it cannot be reached.
    public static func check() -> Result<String, AvahiError> { AvahiConnection.isDaemonReachable() }
}
