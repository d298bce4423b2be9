import CCastNetShims
import Glibc

/// A failed system call: the `errno` it set, captured right at the call, and the call's name.
public struct IOError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The C `errno` value (`ECONNREFUSED`, `ETIMEDOUT`, …).
    public var errno: Int32
    /// The system call or operation that failed, e.g. `connect` or `recvmsg`.
    public var call: String

    /// An error for `call` failing with `errno`.
    public init(errno: Int32, call: String) {
        self.errno = errno
        self.call = call
    }

    /// The C library's text for `errno` (`strerror`).
    public var message: String {
        var buffer = [CChar](repeating: 0, count: 256)
        // The XSI strerror_r: 0 on success, with the text in `buffer`.
        guard strerror_r(errno, &buffer, buffer.count) == 0 else { return "errno \(errno)" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What kind of failure this is, for callers that do not want to compare errno values.
    public var kind: Kind {
        switch errno {
        case ECONNREFUSED: return .connectionRefused
        case ECONNRESET: return .connectionReset
        case ETIMEDOUT: return .timedOut
        case EPIPE: return .brokenPipe
        case EADDRINUSE: return .addressInUse
        case ECANCELED: return .cancelled
        case EAGAIN: return .wouldBlock
        default: return .other
        }
    }

    /// Coarse classes of I/O failure.
    public enum Kind: Sendable, Hashable {
        /// Nothing listens on the peer's port (`ECONNREFUSED`).
        case connectionRefused
        /// The peer reset the connection (`ECONNRESET`, a TCP RST).
        case connectionReset
        /// A connect or operation timed out (`ETIMEDOUT`).
        case timedOut
        /// Writing to a connection the peer has closed (`EPIPE`).
        case brokenPipe
        /// The local address is taken (`EADDRINUSE`).
        case addressInUse
        /// The event loop shut down or the operation was abandoned (`ECANCELED`).
        case cancelled
        /// A non-blocking operation could not proceed now (`EAGAIN`), where the caller cannot wait.
        case wouldBlock
        /// Anything else; look at `errno`.
        case other
    }

    /// `call: message (errno N)`.
    public var description: String { "\(call): \(message) (errno \(errno))" }
}
