import CastJSON
import CastNet
import CastReceiver
import CastTLS
import CastTestSupport
import CastWire
import Foundation
import Synchronization
import Testing

/// `castscope receiver` as a process: the listening line, option errors and the clean stop on SIGTERM.
@Suite(.serialized) struct ReceiverCommandTests {
    @Test func printsOneListeningLineWithTheGivenIdentity() async throws {
        let receiver = try await ReceiverProcess.start(["--id", "00112233445566778899AABBCCDDEEFF", "--name", "Living Room"])
        #expect(receiver.host == "127.0.0.1")
        #expect(receiver.port > 0)
        #expect(receiver.deviceID == "00112233445566778899aabbccddeeff")
        #expect(receiver.name == "Living Room")
        #expect(await receiver.stopped().status == 0)
    }

    @Test func helpIsTheGoldenText() async throws {
        let result = try await CastscopeProcess.run(["receiver", "--help"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput == Self.goldenHelp + "\n")
    }

    static let goldenHelp = """
        OVERVIEW: Run a Cast receiver emulator (receiver-0, Default Media Receiver,
        faults).

        Listens for Cast V2 senders over TLS and answers like a device: the platform
        receiver, the Default Media Receiver (CC1AD845) with a simulated player clock,
        the Backdrop idle screen (E8C28D3C), the built-in ad-insertion app (CA57AD01)
        and echo apps from --app. Prints one line on stdout when it accepts
        connections, 'listening HOST:PORT id=ID name="NAME"', then logs on stderr.
        Faults: heartbeat-stop-after=D, close-after=D, reset-after=D, delay=D,
        malformed-frame-after=N, oversize-frame-after=N, launch-error=REASON,
        load-failed=CODE, media-fetch=CODE, ignore=TYPE, tls-alert, stray-replies (each
        reply preceded by a same-id error on the other namespace), transfer-after=D
        (moves the session to a second emulator, "NAME 2"), and device-auth faults on a
        generated realistic chain: auth-expired-ica, auth-untrusted-root,
        auth-audio-only, auth-bad-signature, auth-sha1, auth-revoked (with --write-crl
        and --write-crl-root). --auth-chain realistic presents root → ICA → device
        generated at start; --write-root writes the root a sender must trust
        (--trust-root). --advertise publishes _googlecast._tcp with the built-in mDNS
        responder on the interface carrying --host (or the --interface ones) and sends
        goodbyes on exit. --group NAME --member NAME… runs a speaker group: one device
        per member (8009 or a free port), each also advertised as _googlezone._tcp, and
        the group on the first member's address at a free port, answering the multizone
        namespace; the listening line is the group's, a 'member HOST:PORT id=ID
        name="NAME"' line follows per member. Fault leader-move-after=D moves the group
        to the next member and a new port (goodbye, connections dropped, announced
        again; a 'moved HOST:PORT' line). --fetch-media makes a LOAD fetch and judge
        its URL as `media check` does, for --model (a model id such as
        chromecast-ultra, or an advertised name such as "Chromecast Ultra"), then play
        or answer LOAD_FAILED with the detailedErrorCode a device sends
        (Docs/media.md); fault media-fetch=CODE fails every fetch with CODE. Fault
        reboot-after=D drops every connection after D, stays silent 2 s and listens
        again on the same port with its uptime (the setup API's "uptime") started
        again; flap=UP/DOWN does the same every UP for DOWN, the uptime going on.

        USAGE: castscope receiver [--name <name>] [--id <uuid32hex>] [--model <model>]
               [--host <address>] [--port <port>] [--http-port <port>]
               [--tls <version>] [--keylog <file>] [--log-to <target> ...]
               [--log-file-filter <file|level>] [--app <appid[=namespace,…]> ...]
               [--fault <spec> ...] [--auth-chain <dir|realistic>]
               [--write-root <file>] [--write-crl <file>] [--write-crl-root <file>]
               [--group <name>] [--member <name[@host]> ...] [--advertise]
               [--fetch-media] [--interface <name> ...]

        OPTIONS:
          --name <name>           The friendly name. (default: castscope)
          --id <uuid32hex>        The device id (32 hex digits); random when absent.
          --model <model>         The model name. (default: Chromecast)
          --host <address>        The address to listen on. (default: 127.0.0.1)
          --port <port>           The TCP port; 0 picks a free one. (default: 8009)
          --http-port <port>      Serve the setup API (/setup/eureka_info) on this port
                                  too (8008 on devices).
          --tls <version>         Accept only this TLS version. (values: 1.2, 1.3)
          --keylog <file>         Write TLS secrets here (default: $SSLKEYLOGFILE).
          --log-to <target>       Also send logs to journal[:PATH], syslog+udp://H:P,
                                  syslog+tcp://H:P, syslog+unix:PATH or file:PATH (also
                                  $CASTSCOPE_LOG_TO, comma-separated). (repeatable)
          --log-file-filter <file|level>
                                  What the log file and --log-to targets record: a
                                  filter file or a level (default: debug), whatever the
                                  console shows.
          --app <appid[=namespace,…]>
                                  An extra app; its custom namespaces echo.
                                  (repeatable)
          --fault <spec>          Inject a fault (see above). (repeatable)
          --auth-chain <dir|realistic>
                                  Sign device-auth challenges with DIR/device.pem,
                                  device-key.pem, intermediate.pem, or with a generated
                                  root → ICA → device chain.
          --write-root <file>     Write the generated chain's root here (PEM).
          --write-crl <file>      Write the CRL of auth-revoked here (CrlBundle).
          --write-crl-root <file> Write the root of that CRL's signer here (PEM).
          --group <name>          Run a speaker group of the --member devices; the
                                  group (id --id) listens on the leader's address at a
                                  port other than 8009.
          --member <name[@host]>  A speaker of the --group, on --host unless @host says
                                  otherwise. (repeatable)
          --advertise             Advertise _googlecast._tcp over mDNS (built-in
                                  responder).
          --fetch-media           Fetch and judge each LOAD's media as the --model
                                  device would (see above).
          -i, --interface <name>  Interface to advertise on; default: the one carrying
                                  --host. (repeatable)
          -h, --help              Show help information.

        EXAMPLES:
          castscope receiver --name 'Test TV' --port 0 --advertise
              An emulated device on a free port, announced by mDNS.
          castscope receiver --fault heartbeat-stop-after=20s --keylog keys.txt
              A device that stops answering PINGs after 20 s, with its TLS secrets
              written for a capture.

        EXIT STATUS:
          0                       Success.
          1                       A runtime failure: a file, the network or a device
                                  failed; the error says which.
          64                      A usage error: the arguments or environment variables
                                  do not fit the command.
        """

    @Test func badFaultSpecIsAUsageErrorNamingTheSpec() async throws {
        let result = try await CastscopeProcess.run(["receiver", "--port", "0", "--fault", "delay=soon"])
        #expect(result.exitCode == 64)
        #expect(result.standardError.contains("invalid fault \"delay=soon\""))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func badAppSpecIsAUsageError() async throws {
        let result = try await CastscopeProcess.run(["receiver", "--port", "0", "--app", "ABCD=com.example"])
        #expect(result.exitCode == 64)
        #expect(result.standardError.contains("invalid app \"ABCD=com.example\""))
    }

    @Test func advertisedEmulatorIsFoundByDiscoverOnLoopback() async throws {
        // mDNS on loopback only: the emulator advertises on the interface carrying --host (lo here).
        let receiver = try await ReceiverProcess.start([
            "--advertise", "--name", "Advertised TV", "--id", "0123456789abcdef0123456789abcdef",
        ])
        let result = try await CastscopeProcess.run(["discover", "--interface", "lo", "--timeout", "6", "--json"])
        let (status, log) = await receiver.stopped()
        #expect(result.exitCode == 0, "\(result.standardError)")
        let devices = try JSONValue(parsing: result.standardOutput).arrayValue ?? []
        let found = devices.first { $0["id"] == "0123456789abcdef0123456789abcdef" }
        #expect(found?["friendlyName"] == "Advertised TV", "\(result.standardOutput)\n\(log.suffix(2000))")
        #expect(found?["port"]?.intValue == Int64(receiver.port))
        #expect(found?["status"] == "idle")
        #expect(status == 0)
    }

    @Test func advertiseOnAnUnknownInterfaceIsAUsageError() async throws {
        let result = try await CastscopeProcess.run(["receiver", "--port", "0", "--advertise", "--interface", "nosuch0"])
        #expect(result.exitCode != 0)
        #expect(result.standardError.contains("nosuch0"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func sigtermSendsCloseToEverySenderAndExitsZero() async throws {
        let receiver = try await ReceiverProcess.start()
        let loop = try EventLoop(name: "command-test")
        defer { loop.shutdown() }
        let address = try #require(SocketAddress(parsing: "\(receiver.host):\(receiver.port)"))
        let probe = try #require(
            await ReceiverProbe.connect(
                to: address, on: loop, tls: try TLSContext(configuration: .client())))
        let closes = Atomic<Int>(0)
        probe.onMessage = { message in
            if message.namespace == CastNamespace.connection.rawValue, message.payloadUTF8?.contains("CLOSE") == true {
                closes.add(1, ordering: .relaxed)
            }
        }
        probe.send(CastNamespace.connection.rawValue, text: #"{"type":"CONNECT"}"#)
        #expect(await probe.request(.receiver, ["type": "GET_STATUS"])?["type"] == "RECEIVER_STATUS")
        let (status, log) = await receiver.stopped()
        #expect(status == 0)
        #expect(await eventually(within: .seconds(20)) { closes.load(ordering: .relaxed) == 1 }, "\(log)")
        #expect(await eventually(within: .seconds(20)) { await probe.isClosed() })
    }
}
