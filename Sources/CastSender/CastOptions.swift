public import CastDiscovery
public import CastLog
public import CastTLS

/// `GCKCastOptions`: what the context discovers and how sessions behave. Without iOS there is no
/// `physicalVolumeButtonsWillControlDeviceVolume`; `suspendSessionsWhenBackgrounded` becomes `suspendSessionsOnExit`.
public struct CastOptions: Sendable {
    /// Which receiver app (the first application id) and devices to look for.
    public var discoveryCriteria: DiscoveryCriteria
    /// LAUNCH options, Cast Connect included.
    public var launchOptions = LaunchOptions()
    /// `stopReceiverApplicationWhenEndingSession` (default false).
    public var stopReceiverApplicationWhenEndingSession = false
    /// Suspend (keep the app running and the resume file) rather than end the session when the program exits.
    public var suspendSessionsOnExit = true
    /// Run device authentication after TLS (default true; `--insecure-skip-auth` turns it off).
    public var deviceAuthentication = true
    /// The roots device certificates must chain to: the built-in Cast Root CA and Eureka Root CA unless replaced
    /// (`--trust-root`); nil means no device can authenticate.
    public var trustStore: CastTrustStore? = .castDeviceRoots
    /// The Cast CRL check of device chains (`--crl`, `--crl-trust-root`, `--require-crl`); none by default.
    public var revocation = DeviceChainVerifier.Revocation()
    /// How long a request waits for its reply.
    public var requestTimeout: Duration = .seconds(10)
    /// How long one connection attempt may take as a whole: TCP connect, TLS handshake and device authentication
    /// (Chromium's connect timeout is 10 s).
    public var connectTimeout: Duration = .seconds(10)
    /// Reconnect delays.
    public var backoff = ReconnectBackoff()
    /// PING interval; the connection is dead after twice this without traffic.
    public var heartbeatInterval: Duration = .seconds(5)
    /// Where TLS secrets go (`--keylog`), nil for nowhere.
    public var keyLog: (any KeyLogSink)?
    /// Where the resume record is kept, nil for nowhere.
    public var resumeFilePath: String?
    /// Only join a running receiver app, never launch one.
    public var joinOnly = false
    /// Our endpoint id on every virtual connection.
    public var senderID = "sender-0"
    /// Where the sender's records go (every GCK class, the channel layer's included); the shared logger by default.
    public var logger: Logger = .shared {
        didSet { log = SenderLog.on(logger) }
    }
    /// The sender's classes on `logger`.
    public private(set) var log = SenderLog.shared

    /// `-initWithDiscoveryCriteria:`.
    public init(discoveryCriteria: DiscoveryCriteria) {
        self.discoveryCriteria = discoveryCriteria
    }

    /// The device-auth verifier these options describe, nil without a trust store.
    public var deviceAuthVerifier: DeviceAuthVerifier? {
        trustStore.map { DeviceAuthVerifier(chainVerifier: DeviceChainVerifier(trustStore: $0, revocation: revocation)) }
    }

    /// The receiver app sessions launch: the criteria's first id, else the Default Media Receiver.
    public var receiverApplicationID: String { discoveryCriteria.applicationIDs.first ?? "CC1AD845" }
}
