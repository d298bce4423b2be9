import CastCLI
import CastDiscovery
import CastLog
import CastNet
import CastReceiver
import CastTLS
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `castscope receiver`: a Cast receiver emulator with fault injection, for testing senders without hardware.
///
/// Glue only: `ReceiverEmulator` does the work. This file turns options into a configuration, prints the one
/// `listening …` line on stdout, sends logs to stderr, advertises over mDNS when asked and stops cleanly on
/// SIGINT/SIGTERM.
enum ReceiverCommand {
    static var spec: CommandSpec {
        CommandSpec(
            name: "receiver", abstract: "Run a Cast receiver emulator (receiver-0, Default Media Receiver, faults).",
            discussion: """
                Listens for Cast V2 senders over TLS and answers like a device: the platform receiver, the Default \
                Media Receiver (CC1AD845) with a simulated player clock, the Backdrop idle screen (E8C28D3C), the \
                built-in ad-insertion app (CA57AD01) and echo apps from --app. Prints one line on stdout when it \
                accepts connections, 'listening HOST:PORT id=ID name="NAME"', then logs on stderr. Faults: \
                heartbeat-stop-after=D, close-after=D, reset-after=D, delay=D, malformed-frame-after=N, \
                oversize-frame-after=N, launch-error=REASON, load-failed=CODE, media-fetch=CODE, ignore=TYPE, \
                tls-alert, \
                stray-replies (each reply preceded by a same-id error on the other namespace), transfer-after=D \
                (moves the session to a second emulator, "NAME 2"), and device-auth faults on a generated realistic \
                chain: auth-expired-ica, auth-untrusted-root, auth-audio-only, auth-bad-signature, auth-sha1, \
                auth-revoked (with --write-crl and --write-crl-root). --auth-chain realistic presents root → ICA → \
                device generated at start; --write-root writes the root a sender must trust (--trust-root). \
                --advertise publishes _googlecast._tcp with the built-in mDNS responder on the interface carrying \
                --host (or the --interface ones) and sends goodbyes on exit. --group NAME --member NAME… runs a \
                speaker group: one device per member (8009 or a free port), each also advertised as \
                _googlezone._tcp, and the group on the first member's address at a free port, answering the \
                multizone namespace; the listening line is the group's, a 'member HOST:PORT id=ID name="NAME"' \
                line follows per member. Fault leader-move-after=D moves the group to the next member and a new \
                port (goodbye, connections dropped, announced again; a 'moved HOST:PORT' line). --fetch-media makes \
                a LOAD fetch and judge its URL as `media check` does, for --model (a model id such as \
                chromecast-ultra, or an advertised name such as "Chromecast Ultra"), then play or answer \
                LOAD_FAILED with the detailedErrorCode a device sends (Docs/media.md); fault media-fetch=CODE \
                fails every fetch with CODE. Fault reboot-after=D drops every connection after D, stays silent 2 s \
                and listens again on the same port with its uptime (the setup API's "uptime") started again; \
                flap=UP/DOWN does the same every UP for DOWN, the uptime going on.
                """,
            options: [
                .option("name", value: "name", help: "The friendly name.", default: "castscope"),
                .option("id", value: "uuid32hex", help: "The device id (32 hex digits); random when absent."),
                .option("model", value: "model", help: "The model name.", default: "Chromecast"),
                .option("host", value: "address", help: "The address to listen on.", default: "127.0.0.1"),
                .option("port", value: "port", help: "The TCP port; 0 picks a free one.", default: "8009"),
                .option(
                    "http-port", value: "port",
                    help: "Serve the setup API (/setup/eureka_info) on this port too (8008 on devices)."),
                .option("tls", value: "version", help: "Accept only this TLS version.", values: ["1.2", "1.3"]),
                .option("keylog", value: "file", help: "Write TLS secrets here (default: $SSLKEYLOGFILE)."),
                LogTargetArguments.option,
                LogTargetArguments.fileFilterOption,
                .option(
                    "app", value: "appid[=namespace,…]", help: "An extra app; its custom namespaces echo.",
                    repeatable: true),
                .option("fault", value: "spec", help: "Inject a fault (see above).", repeatable: true),
                .option(
                    "auth-chain", value: "dir|realistic",
                    help: "Sign device-auth challenges with DIR/device.pem, device-key.pem, intermediate.pem, or with a "
                        + "generated root → ICA → device chain."),
                .option("write-root", value: "file", help: "Write the generated chain's root here (PEM)."),
                .option("write-crl", value: "file", help: "Write the CRL of auth-revoked here (CrlBundle)."),
                .option("write-crl-root", value: "file", help: "Write the root of that CRL's signer here (PEM)."),
                .option(
                    "group", value: "name",
                    help: "Run a speaker group of the --member devices; the group (id --id) listens on the leader's "
                        + "address at a port other than 8009."),
                .option(
                    "member", value: "name[@host]",
                    help: "A speaker of the --group, on --host unless @host says otherwise.",
                    repeatable: true),
                .flag("advertise", help: "Advertise _googlecast._tcp over mDNS (built-in responder)."),
                .flag("fetch-media", help: "Fetch and judge each LOAD's media as the --model device would (see above)."),
                .option(
                    "interface", short: "i", value: "name",
                    help: "Interface to advertise on; default: the one carrying --host.",
                    repeatable: true),
            ],
            run: { invocation, io in try await run(invocation, io) })
    }

    private static func run(_ invocation: Invocation, _ io: any CommandOutput) async throws -> Int32 {
        let port = try invocation.integer("port", in: 0...65535) ?? 8009
        let host = invocation.option("host") ?? "127.0.0.1"
        guard let address = SocketAddress(parsing: host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)")
        else {
            throw CommandLineError.validation("invalid --host \"\(host)\": expected an IPv4 or IPv6 address")
        }
        let deviceID =
            try invocation.value("id", expected: "expected 32 hex digits") { text in
                text.count == 32 && text.allSatisfy(\.isHexDigit) ? text.lowercased() : nil
            } ?? randomDeviceID()
        var faults: [ReceiverFault] = []
        for spec in invocation.options("fault") {
            do throws(ReceiverFaultError) {
                faults.append(try ReceiverFault(parsing: spec))
            } catch {
                throw CommandLineError.validation(error.description)
            }
        }
        var apps: [ReceiverAppDefinition] = []
        for spec in invocation.options("app") {
            do throws(ReceiverAppSpecError) {
                apps.append(try ReceiverAppDefinition(parsingAppSpec: spec))
            } catch {
                throw CommandLineError.validation(error.description)
            }
        }
        let advertiseInterfaces =
            invocation.flag("advertise")
            ? try advertisingInterfaces(names: invocation.options("interface"), host: address) : []
        let version: TLSVersion? =
            switch invocation.option("tls") {
            case "1.2": .tls12
            case "1.3": .tls13
            default: nil
            }
        let keyLog: KeyLogFile? =
            if let path = invocation.option("keylog") {
                try KeyLogFile(path: path)
            } else {
                try KeyLogFile.fromEnvironment()
            }
        if let keyLog {
            io.printError("warning: TLS secrets are written to \(keyLog.path); captures of this run are decryptable")
        }
        let signer = try ReceiverIdentity.signer(invocation, deviceID: deviceID, faults: faults, io)
        let name = invocation.option("name") ?? "castscope"
        var configuration = ReceiverConfiguration(
            name: name, deviceID: deviceID, model: invocation.option("model") ?? "Chromecast", extraApps: apps,
            faults: faults)
        configuration.fetchesMedia = invocation.flag("fetch-media")
        let logger = Logger.shared
        try LogTargetArguments.install(invocation, on: logger, console: EnvironmentSettings.logFilter())
        defer { logger.flush() }
        if let groupName = invocation.option("group") {
            let options = ReceiverEmulatorOptions(
                configuration: configuration, address: address, tlsVersion: version, keyLog: keyLog,
                deviceAuthSigner: signer)
            let status = try await ReceiverGroupCommand.run(
                invocation, io, name: groupName, groupID: deviceID, base: options,
                advertise: invocation.flag("advertise"))
            keyLog?.close()
            return status
        }
        guard invocation.options("member").isEmpty else {
            throw CommandLineError.validation("--member needs --group")
        }
        if faults.contains(where: { if case .leaderMoveAfter = $0 { true } else { false } }) {
            throw CommandLineError.validation("--fault leader-move-after needs --group (a single device has no leader)")
        }

        let loop = try EventLoop(name: "castscope-receiver")
        defer { loop.shutdown() }
        let emulator = try ReceiverEmulator(
            options: ReceiverEmulatorOptions(
                configuration: configuration, address: address, tlsVersion: version, keyLog: keyLog,
                deviceAuthSigner: signer),
            eventLoop: loop)
        let stop = StopSignal.install()
        signal(SIGPIPE, SIG_IGN)
        let bound = try emulator.start()
        let shownHost = bound.ip.isIPv4 ? bound.ip.description : "[\(bound.ip.description)]"
        io.print("listening \(shownHost):\(bound.port) id=\(deviceID) name=\"\(name)\"")
        var setupAPI: EurekaInfoServer?
        if let httpPort = try invocation.integer("http-port", in: 0...65535) {
            do throws(IOError) {
                setupAPI = try EurekaInfoServer(
                    configuration: configuration, address: SocketAddress(ip: bound.ip, port: UInt16(httpPort)),
                    loop: loop, bootClock: emulator.bootClock)
            } catch {
                throw CommandFailure("--http-port \(httpPort): \(error)")
            }
            io.printError("receiver: setup API on \(shownHost):\(setupAPI?.localAddress.port ?? 0)")
        }
        defer { setupAPI?.close() }
        var responder: MDNSResponder?
        if !advertiseInterfaces.isEmpty {
            responder = try await emulator.advertise(port: bound.port, on: advertiseInterfaces)
            io.printError(
                "receiver: advertising \"\(name)\" on \(advertiseInterfaces.map(\.name).joined(separator: ", "))")
        }
        await stop.wait()
        StopSignal.restoreDefault()
        // Goodbyes first (TTL 0), so browsers drop the device before its port goes away.
        await responder?.stop()
        // The CLOSE messages and close_notify are written on the loop before the completion runs; what the kernel
        // holds still leaves after exit.
        await emulator.stopAndWait()
        keyLog?.close()
        return 0
    }

    /// `--interface` names, or else the interfaces carrying the listening address (every multicast interface for
    /// a wildcard address). Refuses an empty choice rather than advertising nowhere.
    static func advertisingInterfaces(names: [String], host: SocketAddress) throws -> [NetworkInterface] {
        let all = try NetworkInterface.all()
        let chosen: [NetworkInterface]
        if !names.isEmpty {
            chosen = try DiscoveryInterfaces.select(names: names, from: all)
        } else if host.ip.description == "0.0.0.0" || host.ip.description == "::" {
            chosen = try DiscoveryInterfaces.select(names: [], from: all)
        } else {
            chosen = all.filter { interface in interface.addresses.contains { $0.address == host.ip } }
        }
        guard !chosen.isEmpty else {
            throw CommandLineError.validation("--advertise: no interface carries \(host.ip); name one with --interface")
        }
        return chosen
    }

    /// A random device id: 32 hex digits, as real devices have.
    static func randomDeviceID() -> String {
        (0..<16).map { _ in
            let byte = UInt8.random(in: 0...255)
            return String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16)
        }.joined()
    }
}
