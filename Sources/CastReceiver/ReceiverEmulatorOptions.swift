public import CastLog
public import CastNet
public import CastTLS

/// How `ReceiverEmulator` listens and what its channels do besides the device logic.
public struct ReceiverEmulatorOptions: Sendable {
    /// The device identity, apps and faults.
    public var configuration: ReceiverConfiguration
    /// Where to listen; port 0 picks a free one.
    public var address: SocketAddress
    /// The only TLS version to accept, or nil for 1.2–1.3.
    public var tlsVersion: TLSVersion?
    /// Where TLS secrets go (`--keylog` or `SSLKEYLOGFILE`), nil for nowhere.
    public var keyLog: (any KeyLogSink)?
    /// How often the device PINGs each sender.
    public var heartbeatInterval: Duration
    /// A sender that sends nothing (not even PONG) this long is closed with PING_TIMEOUT.
    public var livenessTimeout: Duration
    /// Where every record of the emulator goes: CastReceiverContext and the channel layer's CastReceiver… classes.
    public var logger: Logger = .shared
    /// A sender whose TLS handshake is not done this long after accept is closed (Chromium's connect timeout).
    public var handshakeTimeout: Duration = .seconds(10)
    /// The TLS key the daily certificate is made for; nil generates an RSA-2048 key, as a device does. Many emulators
    /// in one process (a test suite) can share one and skip a key generation each.
    public var tlsKey: PrivateKey?
    /// Signs device-auth challenges (device certificate chained to a Cast root); nil signs with the TLS identity.
    public var deviceAuthSigner: DeviceAuthSigner?

    /// Options with the receiver's defaults: PING every 5 s, dead after 10 s of silence (protocol.md §2.7).
    public init(
        configuration: ReceiverConfiguration, address: SocketAddress, tlsVersion: TLSVersion? = nil,
        keyLog: (any KeyLogSink)? = nil, heartbeatInterval: Duration = .seconds(5),
        livenessTimeout: Duration = .seconds(10), deviceAuthSigner: DeviceAuthSigner? = nil, tlsKey: PrivateKey? = nil
    ) {
        self.deviceAuthSigner = deviceAuthSigner
        self.tlsKey = tlsKey
        self.configuration = configuration
        self.address = address
        self.tlsVersion = tlsVersion
        self.keyLog = keyLog
        self.heartbeatInterval = heartbeatInterval
        self.livenessTimeout = livenessTimeout
    }

    /// The duration of the first fault matching `pick`, if any.
    func faultDuration(_ pick: (ReceiverFault) -> Duration?) -> Duration? {
        configuration.faults.lazy.compactMap(pick).first
    }

    /// The count of the first fault matching `pick`, if any.
    func faultCount(_ pick: (ReceiverFault) -> Int?) -> Int? {
        configuration.faults.lazy.compactMap(pick).first
    }
}
