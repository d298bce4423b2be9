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
    private struct Algorithm: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private static let kdfs = Mutex<[String: Algorithm]>([:])
    private static let ciphers = Mutex<[String: Algorithm]>([:])

    /// The KDF `name` ("HKDF", "TLS1-PRF"), or nil when no provider has it.
    static func kdf(_ name: String) -> OpaquePointer? {
        fetch(name, keptIn: kdfs) { EVP_KDF_fetch(nil, $0, nil) }
    }

    /// The cipher `name` ("AES-128-GCM"), or nil when no provider has it.
    static func cipher(_ name: String) -> OpaquePointer? {
        fetch(name, keptIn: ciphers) { EVP_CIPHER_fetch(nil, $0, nil) }
    }

    private static func fetch(_ name: String, keptIn kept: borrowing Mutex<[String: Algorithm]>,
                              with fetcher: (String) -> OpaquePointer?) -> OpaquePointer? {
        kept.withLock { known in
            if let algorithm = known[name] { return algorithm.pointer }
            guard let fetched = fetcher(name) else { return nil }
            known[name] = Algorithm(pointer: fetched)
            return fetched
        }
    }
}
