import CastCLI
import CastDiscovery
import CastMedia
import CastJSON
import CastLog
import CastNet
import CastSender
import CastTLS
import CastWire
import Foundation

#if canImport(Glibc)
import Glibc
#endif


/// `castscope cast`: an instrumented sender session — `CastContext`, `SessionManager`, `RemoteMediaClient` —
/// logging under the GCK class names. Glue only: CastSender does the work.
enum CastCommand {
    static var spec: CommandSpec {
        CommandSpec(
            name: "cast", abstract: "Run an instrumented Cast sender session against a device.",
            discussion: """
                Connects (TLS, device authentication unless --insecure-skip-auth, CONNECT), launches or joins \
                --app, runs one command and leaves the app running (quit stops it). --device takes HOST[:PORT], \
                a friendly name or a device id; names and ids are looked up by mDNS, or in \
                CASTSCOPE_KNOWN_DEVICES="NAME=HOST[:PORT];…" when set. Without --device the only device found is \
                used; when several are found you pick one by number (on a terminal only). Logs go to stderr through \
                --log-filter (default: warnings), JSON lines to --log-file (default: debug, --log-file-filter). \
                Exit 1 prints the GCK error name.
                """,
            options: [
                .option("device", value: "name|id|host[:port]", help: "The device (default: the only one, or ask)."),
                .option("app", value: "appid", help: "The receiver app.", default: "CC1AD845"),
                .option("log-filter", value: "file", help: "Filter file for the stderr log."),
                .option("log-file", value: "file", help: "Also write JSON-lines logs here (at debug unless "
                            + "--log-file-filter says otherwise)."),
                LogTargetArguments.option,
                LogTargetArguments.fileFilterOption,
                .option("keylog", value: "file", help: "Write TLS secrets here (default: $SSLKEYLOGFILE)."),
                TrustArguments.trustRoot,
                .flag("insecure-skip-auth", help: "Skip device authentication (logged as a warning)."),
                .option("session-file", value: "file", help: "Resume from / remember the session here."),
                .option("timeout", value: "duration", help: "Discovery time and request timeout.", default: "5s"),
                .option("interface", value: "iface", help: "Look for devices on this interface only.",
                        repeatable: true),
            ] + TrustArguments.crlOptions,
            subcommands: [
                command("status", "Print the receiver and media status.",
                        options: [.flag("json", help: "Print JSON.")]),
                command("launch", "Launch (or join) the app."),
                command("load", "Load a URL.", arguments: [.init("url", help: "The media URL.")], options: [
                    .option("content-type", value: "type", help: "MIME type.", default: "video/mp4"),
                    .option("title", value: "title", help: "Metadata title."),
                    .option("stream-type", value: "type", help: "Stream type.", default: "buffered",
                            values: ["buffered", "live", "none"]),
                    .option("start", value: "seconds", help: "Start position."),
                    .flag("no-autoplay", help: "Load paused."),
                    .option("wait", value: "state",
                            help: "End at LOAD's reply (loaded) or once the media is PLAYING (playing), within --timeout.",
                            default: "loaded", values: ["loaded", "playing"]),
                    .option("credentials", value: "c", help: "Cast Connect credentials for the LOAD."),
                    .flag("force", help: "Send URL as the contentId even when it is not an http(s) URL (a custom "
                          + "receiver's content id)."),
                    .flag("preflight", help: "First check the URL as `media check` does, for the device's model, and "
                          + "print its problems on stderr (the LOAD is sent anyway)."),
                    .option("model", value: "model", help: "The model --preflight judges for (default: from the "
                            + "device's advertised name).", values: DeviceModel.names),
                ]),
                command("play", "Resume playback."),
                command("pause", "Pause playback."),
                command("stop", "Stop the media session."),
                command("seek", "Seek to a position.",
                        arguments: [.init("seconds", help: "Position in seconds; +N or -N seeks from the current one.")]),
                command("rate", "Set the playback rate.", arguments: [.init("rate", help: "E.g. 1.5.")]),
                command("volume", "Set the device volume, or a group member's own volume.",
                        arguments: [.init("level", help: "0…1.")], options: [CastArguments.member("Set the volume of")]),
                command("mute", "Mute or unmute the device, or one member of a group.",
                        arguments: [.init("state", values: ["on", "off"])], options: [CastArguments.member("Mute or unmute")]),
                command("members", "List a speaker group's members and their volumes (multizone).",
                        options: [.flag("json", help: "Print JSON.")]),
                command("queue", "Queue commands: load URL…, next, prev.",
                        arguments: [.init("action", values: ["load", "next", "prev"]),
                                    .init("url", help: "URLs for load.", optional: true, repeating: true)]),
                command("repeat", "Set the queue repeat mode.",
                        arguments: [.init("mode", values: CastArguments.repeatModeNames)]),
                command("send", "Send a text message on a custom namespace and print replies for 2 s.",
                        arguments: [.init("namespace", help: "urn:x-cast:…"), .init("text", help: "The message.")]),
                command("transfer", "Move the session and its media to another device (stream transfer).",
                        options: [.option("to", value: "name|id|host[:port]", help: "The destination device.",
                                          required: true)]),
                command("watch", "Print the state, then each change, until the session ends or Ctrl-C."),
                command("control", "Interactive mini controller (space, arrows, +/-, r, s, q)."),
                command("quit", "Stop the receiver app."),
            ])
    }

    private static func command(_ name: String, _ abstract: String, arguments: [ArgumentSpec] = [],
                                options: [OptionSpec] = []) -> CommandSpec {
        CommandSpec(name: name, abstract: abstract, arguments: arguments, options: options,
                    run: { invocation, io in try await run(name, invocation, io) })
    }

    // Swift 6.3.1 crashes (signal 11, LLVM coroutine splitting) optimizing this async function in release builds;
    // it only dispatches to commands, so leaving it unoptimized costs nothing measurable.
    @_optimize(none)
    private static func run(_ name: String, _ invocation: Invocation, _ io: any CommandOutput) async throws -> Int32 {
        let timeout = try invocation.duration("timeout") ?? .seconds(5)
        try CastArguments.validate(name, invocation)
        try configureLogging(invocation)
        defer { Logger.shared.flush() }
        let appID = invocation.option("app") ?? "CC1AD845"
        var options = CastOptions(discoveryCriteria: DiscoveryCriteria(applicationIDs: [appID]))
        options.requestTimeout = timeout
        options.connectTimeout = timeout
        options.deviceAuthentication = !invocation.flag("insecure-skip-auth")
        options.trustStore = try TrustArguments.trustStore(invocation)
        options.revocation = try TrustArguments.revocation(invocation)
        options.keyLog = try invocation.option("keylog").map { try KeyLogFile(path: $0) }
            ?? KeyLogFile.fromEnvironment()
        options.resumeFilePath = invocation.option("session-file")
        // Checked before any connection: a directory or a foreign file is an error, not silently overwritten.
        let record = try options.resumeFilePath.flatMap(sessionRecord(at:))
        options.joinOnly = name == "status"
        let device = try await resolveDevice(
            invocation.option("device"), interfaces: invocation.options("interface"), timeout: timeout, io)
        if name == "load", invocation.flag("preflight") {
            await CastPreflight.run(
                url: invocation.argument("url") ?? "", contentType: invocation.option("content-type"),
                modelName: invocation.option("model"), device: device, io)
        }
        // `--member` exists on volume and mute only (reading an undeclared option is a programming error).
        if name == "members" || (["volume", "mute"].contains(name) && invocation.option("member") != nil) {
            return try await CastMembers.run(name, invocation, device: device, options: options, timeout: timeout, io)
        }
        let loop = try EventLoop(name: "castscope-cast")
        defer { loop.shutdown() }
        // A speaker group moves when its leader changes: a long session keeps discovery running, so a reconnect
        // finds the group where it is announced now (CastContext points the session manager's lookup at it).
        let follower = try groupFollower(device, command: name, interfaces: invocation.options("interface"))
        let context = try CastContext(options: options, eventLoop: loop, discoveryManager: follower)
        try? await follower?.startDiscovery()
        let connecting = ContinuousClock.now
        let opened = if let record, record.deviceID == device.deviceID {
            await context.resumeSession(record, on: device)
        } else {
            await context.startSession(with: device)
        }
        let session: CastSession
        switch opened {
        case let .success(value):
            session = value
            // --timeout bounds connecting and the request together: the request gets what connecting left.
            let left = max(timeout - (ContinuousClock.now - connecting), .milliseconds(200))
            await context.withSessionManager { _ in session.requests.timeout = left }
        case let .failure(error):
            if name == "status", error.code == .applicationNotRunning {
                let status = await context.withSessionManager { $0.currentCastSession?.receiverStatus }
                printStatus(receiver: status, media: nil, json: invocation.flag("json"), io)
                return 0
            }
            throw failure(error)
        }
        let suspends = options.resumeFilePath != nil
        let finish: @Sendable () async -> Void = {
            if name == "quit" {
                await context.endSession(stopCasting: true)
            } else if suspends {
                _ = await context.withSessionManager { $0.suspendSession(reason: .appTerminated) }
            } else {
                await context.endSession(stopCasting: false)
            }
        }
        let outcome: RequestOutcome
        if name == "watch" {
            outcome = await watch(context: context, session: session, io, finish: finish)
        } else {
            outcome = await perform(name, invocation, context: context, session: session, io)
            if case .completed = outcome { await printDone(name, context: context, session: session, io) }
            await finish()
        }
        await follower?.stopDiscovery()
        // No wait here: ending or suspending the session wrote CLOSE and TLS close_notify and closed the socket
        // on the loop before these calls returned, so the process may exit at once.
        guard case let .failed(error) = outcome else { return 0 }
        throw failure(error)
    }

    /// Runs one command and waits for its request (or for SIGINT with `watch`).
    private static func perform(_ name: String, _ invocation: Invocation, context: CastContext, session: CastSession,
                                _ io: any CommandOutput) async -> RequestOutcome {
        if ["play", "pause", "stop", "seek", "rate", "repeat", "queue"].contains(name) {
            // After a join the media status asked for on connect may still be on its way, and these commands need
            // its mediaSessionId: wait for a fresh one instead of failing with NoMediaSession.
            _ = await context.perform { _ in session.remoteMediaClient.requestStatus() }
        }
        switch name {
        case "status":
            _ = await context.perform { _ in session.remoteMediaClient.requestStatus() }
            let (receiver, media) = await context.withSessionManager { _ in
                (session.receiverStatus, session.remoteMediaClient.mediaStatus)
            }
            printStatus(receiver: receiver, media: media, json: invocation.flag("json"), io)
            return .completed
        case "launch", "quit":
            let sessionID = await context.withSessionManager { _ in session.sessionID ?? "?" }
            let appID = invocation.option("app") ?? "CC1AD845"
            io.print(name == "launch" ? "app \(appID) running, session \(sessionID)"
                : "stopping app \(appID), session \(sessionID)")
            return .completed
        case "load":
            var builder = MediaInformationBuilder(contentURL: invocation.argument("url") ?? "")
            builder.contentType = invocation.option("content-type")
            let streamType = (invocation.option("stream-type") ?? "buffered").uppercased()
            builder.streamType = MediaStreamType(rawValue: streamType) ?? .buffered
            if let title = invocation.option("title") {
                var metadata = MediaMetadata(metadataType: .movie)
                metadata.setString(title, forKey: MediaMetadataKey.title)
                builder.metadata = metadata
            }
            var data = MediaLoadRequestData(mediaInformation: builder.build())
            data.autoplay = !invocation.flag("no-autoplay")
            data.startTime = invocation.option("start").flatMap(Double.init)
            data.credentials = invocation.option("credentials").map { CredentialsData(credentials: $0) }
            let loadData = data
            let loaded = await context.perform { _ in session.remoteMediaClient.loadMedia(loadData) }
            guard loaded == .completed, invocation.option("wait") == "playing" else { return loaded }
            let timeout = (try? invocation.duration("timeout")) ?? .seconds(5)
            switch await context.waitForPlayerState([.playing], of: session, timeout: timeout) {
            case .success: return .completed
            case .failure(let error): return .failed(error)
            }
        case "play": return await context.perform { _ in session.remoteMediaClient.play() }
        case "pause": return await context.perform { _ in session.remoteMediaClient.pause() }
        case "stop": return await context.perform { _ in session.remoteMediaClient.stop() }
        // CastArguments.validate checked every argument below before anything connected.
        case "seek":
            guard let seek = try? CastArguments.seek(invocation.argument("seconds") ?? "") else {
                return .failed(CastError(.invalidRequest, "seek needs a number"))
            }
            return await context.perform { _ in session.remoteMediaClient.seek(with: seek) }
        case "rate", "volume":
            guard let value = invocation.argument(name == "rate" ? "rate" : "level").flatMap(Double.init) else {
                return .failed(CastError(.invalidRequest, "\(name) needs a number"))
            }
            return await context.perform { _ in
                name == "rate" ? session.remoteMediaClient.setPlaybackRate(value) : session.setDeviceVolume(value)
            }
        case "mute":
            let muted = invocation.argument("state") == "on"
            return await context.perform { _ in session.setDeviceMuted(muted) }
        case "queue": return await queue(invocation, context: context, session: session)
        case "repeat":
            guard let mode = invocation.argument("mode").flatMap({ CastArguments.repeatModes[$0] }) else {
                return .failed(CastError(.invalidRequest, "repeat off|all|single|all-and-shuffle"))
            }
            return await context.perform { _ in session.remoteMediaClient.queueSetRepeatMode(mode) }
        case "send": return await send(invocation, context: context, session: session, io)
        case "transfer": return await CastTransfer.run(invocation, context: context, session: session, io)
        case "control": return await CastControl.run(context: context, session: session, io)
        default: return .failed(CastError(.invalidRequest, "unknown command \(name)"))
        }
    }

    private static func queue(_ invocation: Invocation, context: CastContext, session: CastSession) async
        -> RequestOutcome
    {
        switch invocation.argument("action") {
        case "next": return await context.perform { _ in session.remoteMediaClient.queueNext() }
        case "prev": return await context.perform { _ in session.remoteMediaClient.queuePrevious() }
        case "load":
            let items = invocation.arguments("url").map { url in
                MediaQueueItem(mediaInformation: MediaInformation(contentID: url, contentType: "video/mp4",
                                                                  streamType: "BUFFERED"))
            }
            guard !items.isEmpty else { return .failed(CastError(.invalidRequest, "queue load needs URLs")) }
            return await context.perform { _ in session.remoteMediaClient.queueLoad(items) }
        default: return .failed(CastError(.invalidRequest, "queue load URL… | next | prev"))
        }
    }

    private static func send(_ invocation: Invocation, context: CastContext, session: CastSession,
                             _ io: any CommandOutput) async -> RequestOutcome {
        let namespace = invocation.argument("namespace") ?? ""
        let text = invocation.argument("text") ?? ""
        let printer = MessagePrinter(io: io)
        let result: CastError? = await context.withSessionManager { _ in
            guard let channel = GenericCastChannel(namespace: namespace) else {
                return CastError(.invalidRequest, "\(namespace) is not a custom urn:x-cast: namespace")
            }
            channel.delegate = printer
            session.add(channel)
            do throws(CastError) {
                try channel.sendTextMessage(text)
                return nil
            } catch {
                return error
            }
        }
        if let result { return .failed(result) }
        try? await Task.sleep(for: .seconds(2))
        return .completed
    }

    /// `watch`: the state now, then every change, until the session ends or SIGINT/SIGTERM. The session is
    /// ended (or suspended) here, while the printer still listens (listeners are held weakly), so the last line
    /// says how it ended.
    private static func watch(context: CastContext, session: CastSession, _ io: any CommandOutput,
                              finish: @Sendable () async -> Void) async -> RequestOutcome
    {
        let stop = StopLatch()
        // Before the first line: whoever sees it may signal at once.
        StopSignal.install(opening: stop)
        let printer = StatusPrinter(io: io, ended: stop)
        let ended = await context.withSessionManager { manager in
            manager.add(printer)
            session.remoteMediaClient.add(printer)
            printer.printCurrent(session)
            return manager.currentCastSession !== session
        }
        // A session that ended before the listener was added never calls it.
        if ended { stop.open() }
        await stop.wait()
        StopSignal.restoreDefault()
        if !printer.sessionEnded {
            // Interrupted: leaving detaches this sender only; what it sees while leaving ("media: none", "session:
            // ended") is not what the device does, which plays on.
            printer.silence()
            io.print("watch: stopped watching; the app and its media go on")
        }
        await finish()
        withExtendedLifetime(printer) {}
        return .completed
    }

    /// One line on stdout saying what a media or volume command did, from the status its reply left.
    private static func printDone(_ name: String, context: CastContext, session: CastSession, _ io: any CommandOutput)
        async
    {
        guard ["load", "play", "pause", "stop", "seek", "rate", "volume", "mute", "repeat", "queue"].contains(name)
        else { return }
        let (media, level, muted) = await context.withSessionManager { _ in
            (session.remoteMediaClient.mediaStatus, session.deviceVolume, session.deviceMuted)
        }
        switch name {
        case "volume": io.print("volume: \(level.map { String(format: "%.2f", $0) } ?? "?")")
        case "mute": io.print("muted: \(muted == true ? "on" : "off")")
        default:
            guard let media else { return io.print("\(name): done, no media session") }
            let title = media.media?.metadata?["title"]?.stringValue ?? media.media?.contentID
            var line = "\(name): \(media.playerState ?? "?") at \(MediaController.clock(media.currentTime))"
            if name == "rate", let rate = media.playbackRate { line += ", rate \(rate)" }
            if name == "repeat", let mode = media.repeatMode { line += ", \(mode)" }
            io.print(line + (title.map { " (\($0))" } ?? ""))
        }
    }

    /// The resume record in `--session-file`: nil when the file does not exist yet (or is empty); an error when the
    /// path is a directory or the file holds something else, which a session must not silently overwrite.
    static func sessionRecord(at path: String) throws -> SessionResumeRecord? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue { throw CommandFailure("--session-file \(path): is a directory, not a file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("--session-file \(path): cannot be read")
        }
        if data.isEmpty { return nil }
        guard data.count <= 65_536, let text = String(data: data, encoding: .utf8),
              let record = SessionResumeRecord(text: text) else {
            throw CommandFailure("--session-file \(path): not a castscope session file (it needs device_id, "
                                 + "session_id and transport_id lines); remove it or choose another path")
        }
        return record
    }

    /// `Error: GCKErrorCodeX (n): …` and a hint on stderr; exit 1.
    private static func failure(_ error: CastError) -> CommandFailure {
        CommandFailure("\(error)", hint: hint(error.code))
    }

    private static func hint(_ code: CastErrorCode) -> String {
        switch code {
        case .deviceAuthenticationFailure, .deviceCertificateNotTrusted, .deviceAuthenticationTimeoutFailure:
            "the device did not prove it is a Cast device; 'castscope auth check DEVICE' shows its certificate chain "
                + "and why; --trust-root replaces the built-in Cast roots, --insecure-skip-auth skips the check"
        case .applicationNotFound: "the device does not know --app; check the app id"
        case .applicationNotRunning: "the receiver app is not running; run 'castscope cast launch' first"
        case .noMediaSession: "nothing is loaded; run 'castscope cast load URL' first"
        case .networkError, .networkNotReachable: "check --device and that the device is reachable on its port"
        case .timeout: "the receiver did not answer in time; try a longer --timeout"
        case .mediaLoadFailed:
            "the receiver could not play the URL; 'castscope media check URL --model MODEL' shows why"
        case .messageTooBig: "a Cast message carries at most 64 KiB: shorten the URL, the metadata or the text"
        default: "run with --log-filter filters/session.filter for details"
        }
    }

    private static func configureLogging(_ invocation: Invocation) throws {
        // The console: --log-filter, else CASTSCOPE_LOG, else warnings; the files record at debug (see
        // LogTargetArguments), so a capture's log has what `inspect --log` links.
        let console = try invocation.option("log-filter").map { try FilterFile.load(path: $0) }
            ?? EnvironmentSettings.logFilter() ?? FilterFile.parse("minimum = warning\n", fileName: "default")
        let files = try invocation.option("log-file").map { [try RotatingFileSink(path: $0, format: .jsonLines)] } ?? []
        try LogTargetArguments.install(invocation, on: Logger.shared, console: console, files: files)
    }

    /// Whether `device` is the one `--device` names: its friendly name, device id or unique id.
    /// HOST[:PORT] directly, or a name / id found by mDNS (or in CASTSCOPE_KNOWN_DEVICES); without `--device`,
    /// the only device found or the one picked on the terminal (`DeviceChooser`).
    /// Discovery for a `watch` or `control` session on a speaker group; nil otherwise (nothing to follow).
    private static func groupFollower(_ device: Device, command: String, interfaces: [String]) throws
        -> DiscoveryManager?
    {
        guard device.isGroup, ["watch", "control"].contains(command) else { return nil }
        let selected = try DiscoveryInterfaces.select(names: interfaces)
        guard !selected.isEmpty else { return nil }
        return DiscoveryManager(backends: [BuiltinDiscoveryBackend(interfaces: selected)], criteria: DiscoveryCriteria())
    }

    static func resolveDevice(_ text: String?, interfaces names: [String], timeout: Duration, _ io: any CommandOutput)
        async throws -> Device
    {
        let lookup = DeviceLookup(
            knownDevices: try KnownDevices.from(environment: ProcessInfo.processInfo.environment),
            interfaceNames: names, timeout: timeout)
        // A runtime failure (exit 1), not a usage error: the argument was well formed, the network did not have
        // that device.
        let device: Device
        if let text {
            device = try await lookup.device(named: text)
        } else {
            device = try DeviceChooser.choose(from: try await lookup.allDevices(),
                                              interactive: DeviceChooser.standardInputIsTerminal,
                                              readLine: { Swift.readLine() }, io)
        }
        DiscoverProbes.remember([device], command: "cast", io)
        return device
    }

    private static func printStatus(receiver: ReceiverStatus?, media: MediaSessionStatus?, json: Bool,
                                    _ io: any CommandOutput) {
        if json {
            let object: JSONObject = ["receiver": receiver?.json ?? .null, "media": media?.json ?? .null]
            io.print(JSONValue.object(object).serialized())
            return
        }
        let app = receiver?.runningApplication
        io.print("app: \(app?.displayName ?? app?.appID ?? "none") session: \(app?.sessionID ?? "-")")
        if let volume = receiver?.status?.volume {
            io.print("volume: \(volume.level ?? 0) muted: \(volume.muted ?? false)")
        }
        guard let media else {
            io.print("media: none")
            return
        }
        let title = media.media?.metadata?["title"]?.stringValue ?? media.media?.contentID ?? "?"
        io.print("media: \(media.playerState ?? "?") \(MediaController.clock(media.currentTime))"
            + " / \(MediaController.clock(media.media?.duration)) \(title)")
    }
}

/// Prints custom-channel messages (`send`).
private final class MessagePrinter: GenericCastChannelDelegate, @unchecked Sendable {
    let io: any CommandOutput
    init(io: any CommandOutput) { self.io = io }
    func castChannel(_ channel: GenericCastChannel, didReceiveTextMessage message: String) {
        io.print("\(channel.namespace) \(message)")
    }
}
