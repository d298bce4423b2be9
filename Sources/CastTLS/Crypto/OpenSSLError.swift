internal import COpenSSL
internal import CCastShims

/// One entry of OpenSSL's per-thread error queue, copied out so it outlives the queue.
public struct OpenSSLError: Sendable, Hashable, CustomStringConvertible {
    /// The packed error code (`ERR_get_error`).
    public var code: UInt
    /// The library that raised it, e.g. "SSL routines" or "rsa routines".
    public var library: String
    /// The reason, e.g. "wrong version number".
    public var reason: String
    /// Extra data OpenSSL attached (often a file name or an alert), empty when none.
    public var data: String

    /// `library: reason (data)`, the shape `openssl` prints.
    public var description: String {
        data.isEmpty ? "\(library): \(reason)" : "\(library): \(reason) (\(data))"
    }
}

/// Reads OpenSSL's thread-local error queue; call `clear()` before an operation and `drain()` right after it fails.
enum OpenSSLErrorStack {
    /// Forgets stale errors so the next drain reports only what the coming call raised.
    static func clear() {
        ERR_clear_error()
    }

    /// Empties the queue, oldest first (capped so a runaway queue cannot grow the array without bound).
    static func drain() -> [OpenSSLError] {
        var entries: [OpenSSLError] = []
        while entries.count < 32 {
            var data: UnsafePointer<CChar>? = nil
            var flags: Int32 = 0
            let code = ERR_get_error_all(nil, nil, nil, &data, &flags)
            if code == 0 { break }
            entries.append(entry(code: code, data: (flags & ERR_TXT_STRING) != 0 ? data : nil))
        }
        ERR_clear_error()
        return entries
    }

    private static func entry(code: UInt, data: UnsafePointer<CChar>?) -> OpenSSLError {
        let library = ERR_lib_error_string(code).map { String(cString: $0) } ?? "lib(\(CCastShims_ERR_GET_LIB(code)))"
        let reason =
            ERR_reason_error_string(code).map { String(cString: $0) } ?? "reason(\(CCastShims_ERR_GET_REASON(code)))"
        return OpenSSLError(code: code, library: library, reason: reason, data: data.map { String(cString: $0) } ?? "")
    }
}

extension OpenSSLError {
    /// The library number (`ERR_GET_LIB`).
    var libraryCode: Int32 { CCastShims_ERR_GET_LIB(code) }
    /// The reason number (`ERR_GET_REASON`).
    var reasonCode: Int32 { CCastShims_ERR_GET_REASON(code) }
}
