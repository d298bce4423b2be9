import Synchronization
import Testing
@testable import CastTLS

/// Fetched algorithms are fetched once and shared, from any number of threads; a name no provider has is nil, and
/// that too is asked once.
@Suite struct FetchedAlgorithmsTests {
    /// A cache and a count of the fetches it asked for, shared by concurrent tasks.
    final class CountingStore: Sendable {
        let kept = FetchedAlgorithms.Kept([:])
        let fetches = Atomic<Int>(0)

        /// The kept pointer for `name` as its address; `address` is what a first fetch gives (a stand-in pointer
        /// the cache keeps and returns, never follows).
        func fetch(_ name: String, giving address: Int?) -> Int? {
            let kept = FetchedAlgorithms.fetch(name, keptIn: kept) { _ in
                fetches.add(1, ordering: .relaxed)
                return address.flatMap(OpaquePointer.init(bitPattern:))
            }
            return kept.map { Int(bitPattern: $0) }
        }
    }

    @Test func concurrentCallersAskForANameOnceAndShareTheResult() async {
        let store = CountingStore()
        let fake = 0x1000
        let results = await withTaskGroup(of: [Int?].self) { group in
            for _ in 0..<16 {
                group.addTask { [store.fetch("present", giving: fake), store.fetch("absent", giving: nil)] }
            }
            return await group.reduce(into: []) { $0.append(contentsOf: $1) }
        }
        #expect(store.fetches.load(ordering: .relaxed) == 2, "one fetch per name")
        #expect(results.filter { $0 == fake }.count == 16)
        #expect(results.filter { $0 == nil }.count == 16)
    }

    @Test func theProcessCachesGiveRealImplementationsAndNilForUnknownNames() throws {
        let first = try #require(FetchedAlgorithms.kdf("HKDF"))
        #expect(FetchedAlgorithms.kdf("HKDF") == first)
        #expect(FetchedAlgorithms.cipher("AES-128-GCM") != nil)
        #expect(FetchedAlgorithms.kdf("NO-SUCH-KDF") == nil)
        #expect(FetchedAlgorithms.cipher("NO-SUCH-CIPHER") == nil)
    }

    @Test func openersOfEveryCipherOpenWhatTheCipherSeals() throws {
        let ciphers: [AEADCipher] = [.aes128GCM, .aes256GCM, .chaCha20Poly1305, .aes128CCM, .aes128CCM8]
        for cipher in ciphers {
            let key = [UInt8](repeating: 7, count: cipher.keyLength)
            let nonce = [UInt8](repeating: 9, count: cipher.nonceLength)
            let sealed = try cipher.seal(key: key, nonce: nonce, plaintext: Array("hello".utf8), additionalData: [1])
            let opener = try AEADOpener(cipher: cipher, key: key)
            for _ in 0..<2 {
                let opened = try nonce.withUnsafeBytes { nonce in
                    try sealed.withUnsafeBytes { sealed in
                        try [UInt8(1)].withUnsafeBytes { aad in
                            try opener.open(nonce: nonce, ciphertextAndTag: sealed, additionalData: aad)
                        }
                    }
                }
                #expect(opened == Array("hello".utf8), "\(cipher)")
            }
        }
    }
}
