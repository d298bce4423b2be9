/// How a `TLSContext` behaves: role, version range, certificate, ciphers, ALPN and key logging.
///
/// Clients never verify the server's certificate: Cast devices present self-signed certificates and prove who they
/// are afterwards through device authentication (protocol.md §2.1, §2.5).
public struct TLSConfiguration: Sendable {
    /// Which end of the handshake a context plays.
    public enum Role: Sendable, Hashable {
        /// Sender side: connects and starts the handshake.
        case client
        /// Device side: accepts and presents `certificate`.
        case server
    }

    /// Which end of the handshake this is.
    public var role: Role
    /// Lowest version offered or accepted.
    public var minimumVersion: TLSVersion = .tls12
    /// Highest version offered or accepted.
    public var maximumVersion: TLSVersion = .tls13
    /// The certificate and key the server presents (required for `.server`, ignored for `.client`).
    public var certificate: DeviceCertificate?
    /// OpenSSL cipher list for TLS 1.2 (e.g. "DEFAULT", "ECDHE-RSA-AES128-GCM-SHA256"); nil keeps OpenSSL's default.
    public var cipherList: String?
    /// OpenSSL TLS 1.3 cipher suites (e.g. "TLS_CHACHA20_POLY1305_SHA256"); nil keeps OpenSSL's default.
    public var cipherSuites: String?
    /// ALPN protocol names in preference order; empty means no ALPN.
    public var applicationProtocols: [String] = []
    /// Where session secrets go; nil (the default) logs none.
    public var keyLog: (any KeyLogSink)?
    /// Server only, for fault injection (the emulator's `tls-alert`): answer every ClientHello with this fatal alert.
    public var rejectHandshakesWithAlert: TLSAlert?

    /// A configuration for `role` with defaults (TLS 1.2–1.3, no ALPN, no key log).
    public init(role: Role) {
        self.role = role
    }

    /// A sender-side configuration.
    public static func client(
        minimumVersion: TLSVersion = .tls12, maximumVersion: TLSVersion = .tls13, keyLog: (any KeyLogSink)? = nil
    ) -> TLSConfiguration {
        var configuration = TLSConfiguration(role: .client)
        configuration.minimumVersion = minimumVersion
        configuration.maximumVersion = maximumVersion
        configuration.keyLog = keyLog
        return configuration
    }

    /// A device-side configuration presenting `certificate`.
    public static func server(
        certificate: DeviceCertificate, minimumVersion: TLSVersion = .tls12, maximumVersion: TLSVersion = .tls13,
        keyLog: (any KeyLogSink)? = nil
    ) -> TLSConfiguration {
        var configuration = TLSConfiguration(role: .server)
        configuration.certificate = certificate
        configuration.minimumVersion = minimumVersion
        configuration.maximumVersion = maximumVersion
        configuration.keyLog = keyLog
        return configuration
    }
}
