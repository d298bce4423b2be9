import CastCLI
import CastWire

/// `castscope decode frames|dns`: raw wire bytes to JSON.
enum DecodeCommand {
    static var spec: CommandSpec {
        CommandSpec(
            name: "decode", abstract: "Decode raw Cast frames or a DNS message to JSON.",
            subcommands: [frames, dns])
    }

    static let inputArgument = ArgumentSpec("file", help: "Input file ('-' or omitted: standard input).", optional: true)
    static let hexOption = OptionSpec.flag("hex", help: "Read hex text (whitespace ignored) instead of binary.")

    static var frames: CommandSpec {
        CommandSpec(
            name: "frames", abstract: "Decode a Cast byte stream (concatenated frames) into one JSON object per message.",
            discussion: """
                Each line: offset, protocolVersion, sourceId, destinationId, namespace, payloadType, payloadUtf8 or \
                payloadBinary (base64), payload (parsed JSON), deviceAuth (decoded), unknownFields. On a bad frame \
                the messages before it are printed, then the error; exit 1.
                """,
            arguments: [inputArgument], options: [hexOption],
            run: { invocation, io in
                let input = try InputFile.readAll(invocation.argument("file"))
                let result = CastFrameDump.run(input: input, hex: invocation.flag("hex"))
                for line in result.lines { io.print(line) }
                if let error = result.error {
                    throw CommandFailure("\(error)")
                }
                return 0
            })
    }
}

extension DecodeCommand {
    static var dns: CommandSpec {
        CommandSpec(
            name: "dns", abstract: "Decode one DNS or mDNS message to JSON.",
            discussion: """
                Prints {"id", "flags", "questions", "answers", "authorities", "additionals"}; names end with a dot; \
                TXT records of _googlecast services carry the decoded Cast TXT model under "cast". On a fault the \
                part decoded before it is printed, then the error; exit 1.
                """,
            arguments: [inputArgument], options: [hexOption],
            run: { invocation, io in
                let input = try InputFile.readAll(invocation.argument("file"))
                let result = invocation.flag("hex")
                    ? DNSMessageDump.json(forHex: String(decoding: input, as: UTF8.self))
                    : DNSMessageDump.json(for: input)
                if let json = result.json { io.print(json) }
                if let error = result.error {
                    throw CommandFailure("\(error)")
                }
                return 0
            })
    }
}
