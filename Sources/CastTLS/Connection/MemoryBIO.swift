internal import COpenSSL
internal import CCastShims

/// Owns one OpenSSL memory BIO used to move PEM text in and out (not the TLS BIOs, which the SSL owns).
final class MemoryBIO {
    let handle: OpaquePointer

    /// An empty, writable BIO; nil only when OpenSSL cannot allocate.
    init?() {
        guard let bio = BIO_new(BIO_s_mem()) else { return nil }
        handle = bio
    }

    /// A BIO holding a copy of `bytes`.
    init?(bytes: [UInt8]) {
        guard let bio = BIO_new(BIO_s_mem()) else { return nil }
        handle = bio
        guard !bytes.isEmpty else { return }
        let written = bytes.withUnsafeBytes { buffer in
            // SAFETY: buffer is non-empty (checked above) and count fits Int32 for PEM-sized inputs; BIO copies it.
            BIO_write(bio, buffer.baseAddress, Int32(clamping: buffer.count))
        }
        if written != Int32(clamping: bytes.count) { return nil }
    }

    deinit { BIO_free(handle) }

    /// Everything written so far.
    var contents: [UInt8] {
        var pointer: UnsafeMutablePointer<CChar>? = nil
        let length = CCastShims_BIO_get_mem_data(handle, &pointer)
        guard let pointer, length > 0 else { return [] }
        // SAFETY: BIO_get_mem_data returned `length` readable bytes at `pointer`, valid until the BIO changes.
        return Array(UnsafeRawBufferPointer(start: pointer, count: Int(length)))
    }
}
