public import CastTLS
import Synchronization

/// RSA-2048 keys made once per process and handed out by name, for tests that build many certificates: a key
/// generation takes tens to hundreds of milliseconds, and hundreds of them hold the test process's few threads.
///
/// The same name always gives the same key, so use distinct names where a test needs distinct keys (two roots
/// that must not verify each other's certificates, an impostor CA).
public enum TestKeys {
    private static let cache = Mutex<[String: PrivateKey]>([:])

    /// The key named `name`, generated on first use.
    public static func rsa2048(named name: String) throws(CertificateError) -> PrivateKey {
        if let key = cache.withLock({ $0[name] }) { return key }
        // Generated outside the lock: two first uses at once may both generate, and the first stored wins.
        let made = try PrivateKey.generate(.rsa2048)
        return cache.withLock { keys in
            if let stored = keys[name] { return stored }
            keys[name] = made
            return made
        }
    }

    /// A key source reusing one key per role, each role's name prefixed with `namespace` (distinct namespaces give
    /// distinct keys).
    public static func source(_ namespace: String = "") -> KeySource {
        KeySource { role throws(CertificateError) in try rsa2048(named: namespace + "/" + role) }
    }
}
