import CastCLI
import CastDiscovery
import CastJSON
import CastNet
import CastSender
import CastTLS
import CastWire
import Foundation

/// `castscope auth`: device certificate chains, Cast CRLs and a device's live authentication, checked as real
/// senders check them. Glue only: CastTLS verifies, CastSender renders and probes.
enum AuthCommand {
    static var spec: CommandSpec {
        CommandSpec(
            name: "auth", abstract: "Check Cast device certificate chains, Cast CRLs and devices' authentication.",
            discussion: """
                Trust is what Chrome and the Cast SDKs trust: the Cast Root CA and Eureka Root CA for devices, the \
                Cast CRL Root CA for CRLs (--trust-root and --crl-trust-root replace them). Exit 0 trusted or valid, \
                1 untrusted or invalid, 64 usage.
                """,
            subcommands: [verify, crl, check])
    }

    private static let jsonFlag = OptionSpec.flag("json", help: "Print one JSON object.")
    private static let atOption = OptionSpec.option(
        "at", value: "time", help: "Verify as of TIME (RFC 3339 or YYYY-MM-DD, UTC; default now).")

    private static var verify: CommandSpec {
        CommandSpec(
            name: "verify", abstract: "Verify a device certificate chain (device certificate first, then intermediates).",
            discussion: """
                Prints the chain from the device up to the root used, ✓/✗ per certificate, and the verdict; with \
                --json one object: verdict, reason, detail, commonName, policy, chain, crl.
                """,
            arguments: [ArgumentSpec("chain", help: "PEM file: the device certificate, then its intermediates.")],
            options: [
                atOption, TrustArguments.trustRoot,
                .option("crl-at", value: "time", help: "Verify the CRL as of TIME (default: --at); it must still hold "
                        + "at --at."),
            ] + TrustArguments.crlOptions + [jsonFlag],
            run: { invocation, io in
                let time = try TrustArguments.time(invocation, "at") ?? Date()
                let crlTime = try TrustArguments.time(invocation, "crl-at") ?? time
                let chain = try readChain(invocation.argument("chain") ?? "-")
                let verifier = DeviceChainVerifier(
                    trustStore: try TrustArguments.trustStore(invocation),
                    revocation: try TrustArguments.revocation(invocation, crlTime: crlTime))
                let report = verifier.verify(chain, at: time)
                if invocation.flag("json") {
                    io.print(report.jsonValue.serialized())
                } else {
                    io.print(report.text(roots: TrustArguments.rootsLabel(invocation)))
                }
                return report.isTrusted ? 0 : 1
            })
    }

    private static var crl: CommandSpec {
        CommandSpec(
            name: "crl", abstract: "Verify a Cast CRL (CrlBundle protobuf) and list what it revokes.",
            arguments: [ArgumentSpec("file", help: "The CrlBundle file.")],
            options: [
                atOption,
                .option("trust-root", value: "pem", help: "Trust these CRL roots instead of the Cast CRL Root CA.",
                        repeatable: true),
                jsonFlag,
            ],
            run: { invocation, io in
                let time = try TrustArguments.time(invocation, "at") ?? Date()
                let bundle = try TrustArguments.crlBundle(invocation.argument("file") ?? "-")
                let verifier = CastCRLVerifier(
                    trustStore: try TrustArguments.trustStore(invocation, builtIn: .castCRLRoots))
                switch verifier.verify(bundle, at: time) {
                case .success(let list):
                    if invocation.flag("json") {
                        var object = ["verdict": "valid", "verifiedAt": .string(DeviceTrustTime.format(time))] as JSONObject
                        object.appendUnchecked("crl", list.jsonValue)
                        io.print(JSONValue.object(object).serialized())
                    } else {
                        io.print("crl \(list.index), version \(list.version), valid \(DeviceTrustTime.format(list.notBefore)) … "
                            + "\(DeviceTrustTime.format(list.notAfter)), signed by \(list.signerChain.first?.subject ?? "?"): "
                            + "\(list.revokedPublicKeyHashes.count) revoked key(s), \(list.revokedSerialNumberRanges.count) serial range(s)")
                        for hash in list.revokedPublicKeyHashes { io.print("  revoked key  \(VerifiedCastCRL.hex(hash))") }
                        for range in list.revokedSerialNumberRanges {
                            io.print("  revoked serials \(range.firstSerialNumber)…\(range.lastSerialNumber) issued by key "
                                + VerifiedCastCRL.hex(range.issuerPublicKeyHash))
                        }
                        io.print("valid")
                    }
                    return 0
                case .failure(let failure):
                    if invocation.flag("json") {
                        io.print(failure.jsonValue.serialized())
                    } else {
                        io.print("invalid (\(failure.reason.rawValue)): \(failure.detail)")
                    }
                    return 1
                }
            })
    }

    private static var check: CommandSpec {
        CommandSpec(
            name: "check", abstract: "Authenticate a device now and show what it presented.",
            discussion: """
                Connects (TLS), sends a device-auth challenge with a fresh nonce and prints the device's chain, the \
                AuthResponse's signature and hash algorithms, its TLS certificate's lifetime (senders refuse more \
                than 4 days) and whether the signature verifies, then the verdict. DEVICE as in 'cast --device'.
                """,
            arguments: [ArgumentSpec("device", help: "name|id|host[:port]")],
            options: [
                atOption, TrustArguments.trustRoot,
                .option("crl-at", value: "time", help: "Verify the CRL as of TIME (default: --at); it must still hold "
                        + "at --at."),
                .option("timeout", value: "duration", help: "Discovery and answer time.", default: "5s"),
                .option("interface", value: "iface", help: "Look for the device on this interface only.",
                        repeatable: true),
            ] + TrustArguments.crlOptions + [jsonFlag],
            run: { invocation, io in try await runCheck(invocation, io) })
    }

    private static func runCheck(_ invocation: Invocation, _ io: any CommandOutput) async throws -> Int32 {
        let time = try TrustArguments.time(invocation, "at") ?? Date()
        let timeout = try invocation.duration("timeout") ?? .seconds(5)
        let verifier = DeviceAuthVerifier(
            chainVerifier: DeviceChainVerifier(
                trustStore: try TrustArguments.trustStore(invocation),
                revocation: try TrustArguments.revocation(
                    invocation, crlTime: try TrustArguments.time(invocation, "crl-at") ?? time)))
        let device = try await CastCommand.resolveDevice(
            invocation.argument("device"), interfaces: invocation.options("interface"), timeout: timeout, io)
        let loop = try EventLoop(name: "castscope-auth")
        defer { loop.shutdown() }
        let probe = try DeviceAuthProbe(device: device, verifier: verifier, eventLoop: loop, timeout: timeout, now: time)
        switch await probe.run() {
        case .failed(let reason):
            throw CommandFailure("\(device.friendlyName): \(reason)")
        case .inspected(let inspection):
            let roots = TrustArguments.rootsLabel(invocation)
            // The TLS certificate's lifetime is judged now; --at dates the chain.
            if invocation.flag("json") {
                io.print(inspection.jsonValue(device: device.friendlyName, at: Date()).serialized())
            } else {
                io.print(inspection.text(device: device.friendlyName, roots: roots, at: Date()))
            }
            return inspection.error == nil ? 0 : 1
        }
    }

    /// Every certificate of a PEM chain file, device first.
    private static func readChain(_ path: String) throws -> [X509Certificate] {
        let text = String(decoding: try InputFile.readAll(path), as: UTF8.self)
        do {
            return try X509Certificate.certificates(fromPEM: text)
        } catch {
            throw CommandFailure("\(path): \(error)")
        }
    }
}
