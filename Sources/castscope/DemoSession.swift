import CastCLI
import CastDiscovery
import CastNet
import CastReceiver
import CastSender
import CastTLS
import Foundation

/// The demo's live part: an in-process receiver emulator on 127.0.0.1, found by discovery (or by address), and a
/// full sender session through `CastContext` against it, with a heartbeat loss the emulator injects on purpose.
struct DemoSession {
    /// What happened, for the summary.
    struct Outcome {
        var sessionID = "?"
        var resumedSessionID: String?
        var requests: [(name: String, outcome: String)] = []
        var events: [String] = []
        var capture: DemoCapture?
        /// The generated root of the emulator's device-auth chain, which the audit trusts too.
        var deviceRoot: X509Certificate?
        var adMessages: [String] { events.filter { $0.hasPrefix("ad channel received") } }
    }

    /// The emulator stops heartbeats this long after each connection: after the scripted steps, before the end.
    static let heartbeatStop = Duration.seconds(3)
    /// The content URL: its token and the LOAD's credentials must come out redacted.
    static let contentURL = "https://cdn.example/bbb.mp4?token=abc123&q=hd"
    /// The Cast Connect credentials sent with the LOAD (redacted in every log).
    static let credentials = "user-42-secret"

    let directory: String
    let io: any CommandOutput

    /// Runs everything and tears it down again; throws only when the emulator cannot start.
    func run() async throws -> Outcome {
        let keyLog = try KeyLogFile(path: directory + "/keylog.txt")
        defer { keyLog.close() }
        let deviceID = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
        let name = "castscope demo TV"
        let serverLoop = try EventLoop(name: "demo-receiver")
        defer { serverLoop.shutdown() }
        guard let loopback = SocketAddress(parsing: "127.0.0.1:0") else { throw CommandFailure("no loopback address") }
        let configuration = ReceiverConfiguration(
            name: name, deviceID: deviceID, faults: [.heartbeatStopAfter(Self.heartbeatStop)],
            bufferingTime: .milliseconds(200), adDuration: .milliseconds(600))
        // A generated root → ICA → device chain, as a real device presents (Google's roots sign only real devices).
        let identity = try EmulatedDeviceIdentity.generate(deviceID: deviceID, faults: [])
        let emulator = try ReceiverEmulator(
            options: ReceiverEmulatorOptions(
                configuration: configuration, address: loopback, keyLog: keyLog, deviceAuthSigner: identity.signer),
            eventLoop: serverLoop)
        let address = try emulator.start()
        io.print("   receiver emulator listening on \(address) (in-process), id=\(deviceID)")
        io.print("   fresh self-signed TLS certificate: \(certificateSummary(emulator.deviceCertificate.certificate))")
        io.print("   device-auth chain: \(identity.signer.deviceCertificate.subjectCommonName ?? "?") ← "
            + "\(identity.signer.intermediates.first?.subjectCommonName ?? "?") ← \(identity.root.subjectCommonName ?? "?")")
        io.print("   TLS key log: \(keyLog.path)")
        let capture = await DemoCapture.start(port: address.port, directory: directory, io)
        io.print("   fault injected: \(ReceiverFault.heartbeatStopAfter(Self.heartbeatStop)) (on each connection)")

        io.print("")
        io.print("== 2. Discovery ==")
        let device = await DemoDiscovery.find(emulator, port: address.port, io)

        io.print("")
        io.print("== 3. A full sender session through CastContext / SessionManager ==")
        var options = CastOptions(discoveryCriteria: DiscoveryCriteria(applicationIDs: [ReceiverAppDefinition.adInsertionID]))
        options.deviceAuthentication = true
        options.trustStore = CastTrustStore(roots: [identity.root])
        options.heartbeatInterval = .milliseconds(300)
        options.backoff.initial = .milliseconds(100)
        options.requestTimeout = .seconds(3)
        options.stopReceiverApplicationWhenEndingSession = true
        io.print("   device authentication: ON, trusting the emulator's generated root instead of the built-in Cast "
            + "roots (TEST TRUST ONLY: a real device chains to Google's Cast Root CA, which castscope trusts by default)")
        let clientLoop = try EventLoop(name: "demo-sender")
        defer { clientLoop.shutdown() }
        let context = try CastContext(options: options, eventLoop: clientLoop)
        let recorder = DemoRecorder(io: io)
        await context.withSessionManager { $0.add(recorder) }
        var outcome = Outcome()
        outcome.capture = capture
        outcome.deviceRoot = identity.root
        let session: CastSession
        switch await context.startSession(with: device) {
        case let .success(started): session = started
        case let .failure(error):
            outcome.requests.append(("start session (app \(options.receiverApplicationID))", "failed(\(error))"))
            outcome.events = recorder.events
            await stop(emulator, capture)
            return outcome
        }
        outcome.sessionID = await context.withSessionManager { _ in session.sessionID ?? "?" }
        outcome.requests.append(("LAUNCH \(options.receiverApplicationID) (Ad Insertion Receiver)", "completed"))
        io.print("   session \(outcome.sessionID) started on \"\(device.friendlyName)\"")
        outcome.requests += await commands(context: context)
        outcome.requests.append(await adExchange(context: context, session: session, recorder: recorder))

        io.print("   waiting for the emulator to stop heartbeats (\(ReceiverFault.heartbeatStopAfter(Self.heartbeatStop)))…")
        let resumed = await Self.eventually(seconds: 8) { recorder.saw("didResume") }
        outcome.resumedSessionID = resumed ? await context.withSessionManager { _ in session.sessionID } : nil
        io.print(resumed
            ? "   reconnected automatically: same session \(outcome.resumedSessionID ?? "?")"
            : "   no reconnection seen within 8 s")

        outcome.requests.append(("STOP (media)", await track("STOP", context) { $0.remoteMediaClient.stop() }))
        await context.endSession(stopCasting: true)
        _ = await Self.eventually(seconds: 2) { recorder.saw("didEnd") }
        outcome.requests.append(("end session + STOP app", recorder.saw("didEnd") ? "completed" : "no didEnd"))
        outcome.events = recorder.events
        await stop(emulator, capture)
        return outcome
    }

    /// LOAD with metadata and credentials, then PLAY, PAUSE, SEEK and device volume, each awaited.
    private func commands(context: CastContext) async -> [(name: String, outcome: String)] {
        var builder = MediaInformationBuilder(contentURL: Self.contentURL)
        builder.contentType = "video/mp4"
        builder.streamType = .buffered
        var metadata = MediaMetadata(metadataType: .movie)
        metadata.setString("Big Buck Bunny", forKey: MediaMetadataKey.title)
        metadata.setString("Blender Foundation", forKey: MediaMetadataKey.subtitle)
        builder.metadata = metadata
        var data = MediaLoadRequestData(mediaInformation: builder.build())
        data.autoplay = false
        data.credentials = CredentialsData(credentials: Self.credentials)
        let load = data
        var results: [(name: String, outcome: String)] = []
        let steps: [(String, @Sendable (CastSession) -> Request?)] = [
            ("LOAD \"Big Buck Bunny\" (movie metadata, credentials, paused)", { $0.remoteMediaClient.loadMedia(load) }),
            ("PLAY", { $0.remoteMediaClient.play() }),
            ("PAUSE", { $0.remoteMediaClient.pause() }),
            ("SEEK to 30 s", { $0.remoteMediaClient.seek(with: MediaSeekOptions(interval: 30)) }),
            ("SET_VOLUME 0.5", { $0.setDeviceVolume(0.5) }),
        ]
        for (name, body) in steps {
            results.append((name, await track(name, context, body)))
        }
        return results
    }

    /// Runs one request on the current session and prints its outcome.
    private func track(_ name: String, _ context: CastContext, _ body: @escaping @Sendable (CastSession) -> Request?)
        async -> String
    {
        let outcome = await context.perform { manager in manager.currentCastSession.flatMap(body) }
        io.print("   \(name) → \(outcome)")
        return outcome.description
    }

    private func certificateSummary(_ certificate: X509Certificate) -> String {
        "CN=\(certificate.subjectCommonName ?? "?"), valid until \(certificate.notAfter), "
            + "SHA-256 \(certificate.sha256Fingerprint.prefix(23))…"
    }

    /// Seed 001: `requestAd,TAG,SECONDS` on the ad namespace; the app answers pause-requested, then resume-requested.
    private func adExchange(context: CastContext, session: CastSession, recorder: DemoRecorder) async
        -> (name: String, outcome: String)
    {
        let namespace = ReceiverAppDefinition.adInsertionNamespace
        let text = "requestAd,https://ads.example/vast.xml,12.5"
        let sent: String? = await context.withSessionManager { _ in
            guard let channel = GenericCastChannel(namespace: namespace) else { return "bad namespace" }
            channel.delegate = recorder
            session.add(channel)
            do throws(CastError) {
                try channel.sendTextMessage(text)
                return nil
            } catch {
                return "\(error)"
            }
        }
        io.print("   \(namespace) sent \(text)\(sent.map { " → failed: \($0)" } ?? "")")
        if let sent { return ("ad exchange (\(namespace))", "failed(\(sent))") }
        let done = await Self.eventually(seconds: 4) { recorder.saw("ad channel received onContentResumeRequested") }
        return ("ad exchange (\(namespace))", done ? "completed (pause/resume requested)" : "no resume within 4 s")
    }

    private func stop(_ emulator: ReceiverEmulator, _ capture: DemoCapture?) async {
        emulator.stop()
        // Let CLOSE and close_notify leave before the loops go away.
        try? await Task.sleep(for: .milliseconds(150))
        await capture?.stop()
    }

    /// Polls `condition` every 20 ms for up to `seconds`.
    static func eventually(seconds: Double, _ condition: () async -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return await condition()
    }
}
