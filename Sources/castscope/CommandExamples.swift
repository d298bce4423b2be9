import CastCLI

/// The examples and exit statuses of every command, by path, put on the specs when the tree is built: `--help` and
/// the man pages show them (EXAMPLES, EXIT STATUS), and a test checks that every command has one.
enum CommandExamples {
    typealias Example = CommandExample

    static let examples: [String: [Example]] = [
        "filters check": [Example("castscope filters check filters/*.filter", "Check every ready filter file.")],
        "filters explain": [Example("castscope filters explain filters/session.filter GCKCastSession GCKUICastButton",
                                    "Show the lowest level each class passes at under that filter.")],
        "tail": [
            Example("castscope tail -f --class 'GCK*Session=debug' cast.jsonl",
                    "Follow a log, showing the session classes from debug up and others from the default level."),
            Example("castscope tail -n 100 --level warning --since 10m cast.jsonl",
                    "The last 100 warnings and errors of the last ten minutes, read from the end of the file."),
            Example("castscope tail --capture session.pcap --keylog keys.txt cast.jsonl",
                    "The log merged with the capture's decrypted Cast messages, each record linked to its messages."),
        ],
        "decode frames": [Example("castscope decode frames stream.bin", "Every CastMessage of a raw Cast byte stream.")],
        "decode dns": [Example("castscope decode dns --hex packet.hex", "One mDNS message given as hex, as JSON.")],
        "demo": [Example("castscope demo --device-log", "The whole demo, with the emulated device's own log.")],
        "discover": [
            Example("castscope discover --timeout 5s", "Cast devices and groups on every interface, as a table."),
            Example("castscope discover --diagnose --host 192.168.1.20",
                    "Why a device is not found: checks of this host and the network, and a verdict."),
        ],
        "receiver": [
            Example("castscope receiver --name 'Test TV' --port 0 --advertise",
                    "An emulated device on a free port, announced by mDNS."),
            Example("castscope receiver --fault heartbeat-stop-after=20s --keylog keys.txt",
                    "A device that stops answering PINGs after 20 s, with its TLS secrets written for a capture."),
        ],
        "cast status": [Example("castscope cast --device 'Living Room' status", "The running app and the media.")],
        "cast launch": [Example("castscope cast --device 192.168.1.20 --app CC1AD845 launch",
                                "Start (or join) the Default Media Receiver.")],
        "cast load": [
            Example("castscope cast --device 'Living Room' load https://example.com/bbb.mp4 --title Bunny",
                    "Play a URL with a title."),
            Example("castscope cast --keylog keys.txt --log-file cast.jsonl --device 192.168.1.20 load https://example.com/bbb.mp4",
                    "The same, keeping TLS secrets and a debug log for `castscope inspect --keylog --log`."),
        ],
        "cast play": [Example("castscope cast --device 'Living Room' play", "Resume playback.")],
        "cast pause": [Example("castscope cast --device 'Living Room' pause", "Pause playback.")],
        "cast stop": [Example("castscope cast --device 'Living Room' stop", "Stop the media session.")],
        "cast seek": [Example("castscope cast --device 'Living Room' seek +30", "Skip 30 seconds forward.")],
        "cast rate": [Example("castscope cast --device 'Living Room' rate 1.5", "Play at one and a half speed.")],
        "cast volume": [Example("castscope cast --device Kitchen volume 0.4", "Set the device volume to 40 %.")],
        "cast mute": [Example("castscope cast --device 'Whole House' mute --member Kitchen on",
                              "Mute one speaker of a group.")],
        "cast members": [Example("castscope cast --device 'Whole House' members", "A group's members and volumes.")],
        "cast queue": [Example("castscope cast --device 'Living Room' queue load https://a.example/1.mp3 "
                                + "https://a.example/2.mp3", "Load two items as a queue.")],
        "cast repeat": [Example("castscope cast --device 'Living Room' repeat all", "Repeat the whole queue.")],
        "cast send": [Example("castscope cast --device 'Living Room' --app ABCD1234 send urn:x-cast:com.example.chat hi",
                              "Send a message on a custom namespace and print the reply.")],
        "cast transfer": [Example("castscope cast --device 'Living Room' transfer --to Kitchen",
                                  "Move the session and its media to another device.")],
        "cast watch": [Example("castscope cast --device 'Living Room' watch", "Print status changes until Ctrl-C.")],
        "cast control": [Example("castscope cast --device 'Living Room' control",
                                 "A mini controller on the terminal: space pauses, arrows seek, q quits.")],
        "cast quit": [Example("castscope cast --device 'Living Room' quit", "Stop the receiver app.")],
        "auth verify": [Example("castscope auth verify chain.pem --at 2026-01-01 --crl crl.bin",
                                "Check a device chain as senders do, at a given date, against a CRL.")],
        "auth crl": [Example("castscope auth crl crl.bin --json", "Whether a Cast CRL is valid, and what it revokes.")],
        "auth check": [Example("castscope auth check 192.168.1.20", "Authenticate a device now and show why or why not.")],
        "inspect": [
            Example("castscope inspect session.pcap --keylog keys.txt --log cast.jsonl",
                    "Decrypt and audit a capture, with the sender's log on the same timeline."),
            Example("tcpdump -U -w - port 8009 or port 5353 | castscope inspect -", "Audit a capture as it is made."),
            Example("castscope inspect session.pcap --keylog keys.txt --html report.html --redact",
                    "Also write an HTML report, with credentials and tokens redacted."),
        ],
        "capture": [Example("castscope capture -i eth0 -w cast.pcapng --keylog keys.txt -c 1000",
                            "Decode live traffic, keep it with its TLS secrets, and stop after 1000 packets.")],
        "generate man": [Example("castscope generate man /usr/local/share/man/man1", "Write every man page.")],
        "generate completion": [Example("castscope generate completion bash > /etc/bash_completion.d/castscope",
                                        "Install bash completion.")],
        "wireshark path": [Example("castscope wireshark path", "Where Wireshark looks for personal Lua plugins.")],
        "media check": [
            Example("castscope media check https://example.com/movie.mp4 --model chromecast-gen2",
                    "Would a 2nd-gen Chromecast fetch and play this file?"),
            Example("castscope media check https://cdn.example.com/live/master.m3u8 --json",
                    "Check an HLS stream's variants, CORS and first segment; one JSON object."),
        ],
        "monitor": [
            Example("castscope monitor --device Kitchen=192.168.1.20 --interval 30s --metrics 0.0.0.0:9464",
                    "Watch a device; Prometheus scrapes its availability from port 9464."),
        ],
        "wireshark install": [Example("castscope wireshark install", "Install the Cast V2 dissector there.")],
    ]

    static let exitStatuses: [String: [ExitStatusMeaning]] = [
        "filters check": [ExitStatusMeaning(1, "A file has errors (each printed as FILE:LINE:COL: message) or is missing.")],
        "auth verify": [ExitStatusMeaning(1, "The chain is not trusted, or a file cannot be read.")],
        "auth crl": [ExitStatusMeaning(1, "The CRL is not valid, or it cannot be read.")],
        "auth check": [ExitStatusMeaning(1, "The device did not authenticate, or could not be reached.")],
        "inspect": [ExitStatusMeaning(1, "A capture cannot be read or is corrupt (after printing what was decoded "
                                      + "before the fault; --lax reports it as a finding and exits 0).")],
        "media check": [ExitStatusMeaning(1, "Not playable: a reason of severity error (or libcurl or the CA "
                                          + "bundle cannot be used)."),
                        ExitStatusMeaning(2, "Unknown: no error found, but the container or codecs could not be told.")],
        "cast load": [ExitStatusMeaning(1, "The device refused or failed the LOAD; the GCK error is named.")],
    ]

    /// `spec` (at `path`) and its subcommands with their examples and exit statuses.
    static func documented(_ spec: CommandSpec, path: [String] = []) -> CommandSpec {
        var spec = spec
        let key = path.joined(separator: " ")
        spec.examples = examples[key] ?? spec.examples
        spec.exitStatuses = exitStatuses[key] ?? spec.exitStatuses
        spec.subcommands = spec.subcommands.map { documented($0, path: path + [$0.name]) }
        return spec
    }
}
