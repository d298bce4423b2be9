import CastCLI
import CastFetch
import CastJSON
import CastMedia

/// `castscope media check`: would a Cast device fetch and play this URL? Glue only: CastFetch fetches and judges.
enum MediaCommand {
    static var spec: CommandSpec {
        CommandSpec(name: "media", abstract: "Check media URLs as a Cast device would fetch and play them.",
                    subcommands: [check])
    }

    private static var check: CommandSpec {
        CommandSpec(
            name: "check", abstract: "Fetch a media URL as a receiver would and say whether the model plays it.",
            discussion: """
                Sends what a Web Receiver sends (HEAD, then a range request for the file's head, with its Origin and \
                a Cast User-Agent), follows and lists redirects, judges the host as the device sees it, TLS against \
                the public CA bundle, CORS where a streaming player needs it, then reads the container and codecs \
                (MP4, WebM/Matroska, MPEG-TS, HLS, DASH, MP3, AAC, FLAC, WAV, Ogg; a stream's variants, \
                initialization and first segment) against the model's \
                decoders. Prints the verdict and each reason with its fix; --json one object. Exit 0 playable, \
                1 not playable, 2 unknown, 64 usage.
                """,
            arguments: [ArgumentSpec("url", help: "The media URL, as the LOAD's contentId will carry it.")],
            options: [
                .option("model", value: "model", help: "Judge for this device model (default: the strictest, "
                        + "\(DeviceModel.strictest.id)).", values: DeviceModel.names),
                .option("content-type", value: "type", help: "The contentType the LOAD will carry "
                        + "(application/x-mpegurl, video/mp4…); checked against what the URL serves."),
                .option("origin", value: "origin", help: "The receiver's origin for CORS "
                        + "(default \(MediaCheckOptions.defaultOrigin), the Default Media Receiver's)."),
                .option("timeout", value: "duration", help: "Give each request this long (default 10s)."),
                .option("max-bytes", value: "n", help: "Read at most N bytes of each file's head (default 2097152)."),
                .option("ca-bundle", value: "pem", help: "Judge https servers against this CA bundle instead of "
                        + "Debian's public one (/etc/ssl/certs/ca-certificates.crt)."),
                .flag("json", help: "Print one JSON object."),
            ],
            run: { invocation, io in
                var options = MediaCheckOptions()
                if let name = invocation.option("model"), let model = DeviceModel.named(name) { options.model = model }
                options.contentType = invocation.option("content-type")
                if let origin = invocation.option("origin") { options.origin = origin }
                if let timeout = try invocation.duration("timeout") {
                    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
                    guard seconds > 0 else { throw CommandLineError.validation("--timeout must be more than zero") }
                    options.timeout = seconds
                }
                if let bytes = try invocation.integer("max-bytes", in: 1024...(256 << 20)) { options.headBytes = bytes }
                if let bundle = invocation.option("ca-bundle") { options.trustBundlePath = bundle }
                let checker: MediaChecker
                do throws(MediaCheckError) {
                    checker = try MediaChecker(options: options)
                } catch {
                    throw CommandFailure(error.description)
                }
                let report = checker.check(invocation.argument("url") ?? "")
                io.print(invocation.flag("json") ? report.jsonValue.serialized() : report.text)
                return report.verdict.exitStatus
            })
    }
}
