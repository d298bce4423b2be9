internal import COpenSSL
import Synchronization

/// OpenSSL algorithm implementations fetched once per process and kept.
///
/// In OpenSSL 3 every fetch (an explicit one, or the implicit one an init given a legacy `EVP_CIPHER` makes) looks
/// the name up in the provider store under a lock; a capture of many short TLS sessions derived and keyed each
/// connection's four traffic keys through fresh fetches. Fetched objects are reference-counted and read-only, so one
/// may serve every thread.
enum FetchedAlgorithms {
    /// An `EVP_KDF*` or `EVP_CIPHER*` kept for the process's life (never freed: a handful of names at most).
    struct Algorithm: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// Names fetched so far, with what the fetch gave (nil: no provider has it, which is remembered too).
    typealias Kept = Mutex<[String: Algorithm?]>

    private static let kdfs = Kept([:])
    private static let ciphers = Kept([:])

    /// The KDF `name` ("HKDF", "TLS1-PRF"), or nil when no provider has it.
    static func kdf(_ name: String) -> OpaquePointer? {
        fetch(name, keptIn: kdfs) { EVP_KDF_fetch(nil, $0, nil) }
    }

    /// The cipher `name` ("AES-128-GCM"), or nil when no provider has it.
    static func cipher(_ name: String) -> OpaquePointer? {
        fetch(name, keptIn: ciphers) { EVP_CIPHER_fetch(nil, $0, nil) }
    }

    /// What `fetcher` gives for `name`, asked once: later calls (from any thread) get the kept result.
    static func fetch(_ name: String, keptIn kept: borrowing Kept, with fetcher: (String) -> OpaquePointer?)
        -> OpaquePointer?
    {
        kept.withLock { known in
            if let algorithm = known[name] { return algorithm?.pointer }
            // A name no provider has leaves an error on this thread's queue; the callers have fallbacks or report
            // the failure themselves, so a failed fetch must not linger there for an unrelated call to drain.
            ERR_set_mark()
            let fetched = fetcher(name)
            ERR_pop_to_mark()
            known[name] = .some(fetched.map(Algorithm.init(pointer:)))
            return fetched
        }
    }
}
