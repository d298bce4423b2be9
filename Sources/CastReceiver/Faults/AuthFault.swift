/// The device-auth flaws the emulator's realistic identity can have, and what a checking sender then reports.
public enum AuthFault: String, Sendable, Hashable, CaseIterable {
    /// The intermediate expired yesterday: the sender fails with `date-invalid` at intermediate 1.
    case expiredICA = "auth-expired-ica"
    /// The chain is issued by a second generated root, not the one printed and written: `untrusted-root`.
    case untrustedRoot = "auth-untrusted-root"
    /// The intermediate and the device certificate carry the audio-only policy: trusted, policy `audio-only`.
    case audioOnly = "auth-audio-only"
    /// Every AuthResponse signature has one bit flipped: `SIGNED_BLOBS_MISMATCH`.
    case badSignature = "auth-bad-signature"
    /// The device signs with SHA-1 whatever is asked: accepted (as Chrome does), with a warning under
    /// `GCKDeviceAuthChannel`.
    case sha1 = "auth-sha1"
    /// A CRL (`--write-crl`, signed by a generated CRL root, `--write-crl-root`) revokes the device certificate:
    /// `revoked` for a sender given that CRL.
    case revoked = "auth-revoked"
}
