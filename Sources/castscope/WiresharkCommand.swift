import CastCLI
import CastInspect
import Foundation

/// `castscope wireshark path | install`: where Wireshark loads personal Lua plugins, and the Cast V2 dissector put
/// there. Glue only: CastInspect carries the dissector.
enum WiresharkCommand {
    static var spec: CommandSpec {
        CommandSpec(
            name: "wireshark", abstract: "Install the Cast V2 dissector for Wireshark and tshark.",
            discussion: """
                The dissector decodes Cast V2 on TLS port 8009 (Decode As… for others, or \
                -d tls.port==PORT,castv2 with tshark): every CastMessage field, JSON payloads, deviceauth, \
                frames split across TLS records and TCP segments, malformed frames as expert info. Display \
                filters: castv2.namespace, castv2.source_id, castv2.destination_id, castv2.payload_type, \
                castv2.type, castv2.request_id. Give Wireshark a key log (tls.keylog_file) to see inside TLS.
                """,
            subcommands: [
                CommandSpec(
                    name: "path", abstract: "Print Wireshark's personal Lua plugin folder.",
                    run: { _, io in
                        io.print(try directory(nil))
                        return 0
                    }),
                CommandSpec(
                    name: "install", abstract: "Write castv2.lua into the personal plugin folder (or --dir).",
                    options: [.option("dir", value: "directory", help: "Install here instead.")],
                    run: { invocation, io in
                        let target = try directory(invocation.option("dir"))
                        try OutputDirectory.create(target)
                        let path = target + "/" + WiresharkPlugin.fileName
                        try OutputFile.write(WiresharkPlugin.dissectorSource, to: path)
                        io.print("installed \(path); Wireshark and tshark load it when they start")
                        return 0
                    }),
            ])
    }

    private static func directory(_ given: String?) throws -> String {
        if let given { return given }
        guard let directory = WiresharkPlugin.personalPluginDirectory(environment: ProcessInfo.processInfo.environment)
        else { throw CommandFailure("HOME is not set; give --dir") }
        return directory
    }
}
