import CastCLI
import CastSender
import CastTLS
import CastWire
import Foundation

/// The device-trust options `cast`, `discover` and `auth` share: roots, CRL, times.
enum TrustArguments {
    /// `--trust-root PEM`: replaces the built-in Cast roots.
    static let trustRoot = OptionSpec.option(
        "trust-root", value: "pem", help: "Trust these roots instead of the built-in Cast roots.",
        repeatable: true)
    /// `--crl FILE`, `--crl-trust-root PEM`, `--require-crl`.
    static let crlOptions: [OptionSpec] = [
        .option("crl", value: "file", help: "Check device chains against this Cast CRL (CrlBundle protobuf)."),
        .option("crl-trust-root", value: "pem", help: "Trust these CRL roots instead of the Cast CRL Root CA.",
                repeatable: true),
        .flag("require-crl", help: "Refuse devices unless a valid CRL is given."),
    ]

    /// The roots `--trust-root` names, or the built-in Cast roots.
    static func trustStore(_ invocation: Invocation, option: String = "trust-root", builtIn: CastTrustStore = .castDeviceRoots)
        throws -> CastTrustStore
    {
        let paths = invocation.options(option)
        guard !paths.isEmpty else { return builtIn }
        var roots: [X509Certificate] = []
        for path in paths {
            let text = String(decoding: try InputFile.readAll(path), as: UTF8.self)
            do {
                roots += try X509Certificate.certificates(fromPEM: text)
            } catch {
                throw CommandFailure("--\(option) \(path): \(error)")
            }
        }
        return CastTrustStore(roots: roots)
    }

    /// What `--trust-root` means in a report: "the built-in Cast roots" or the files.
    static func rootsLabel(_ invocation: Invocation, option: String = "trust-root") -> String {
        let paths = invocation.options(option)
        return paths.isEmpty ? "the built-in Cast roots" : paths.joined(separator: ", ")
    }

    /// The CRL check `--crl`, `--crl-trust-root`, `--require-crl` ask for, verified at `crlTime`.
    static func revocation(_ invocation: Invocation, crlTime: Date? = nil) throws -> DeviceChainVerifier.Revocation {
        let verifier = CastCRLVerifier(
            trustStore: try trustStore(invocation, option: "crl-trust-root", builtIn: .castCRLRoots))
        let bundle = try invocation.option("crl").map { path in try crlBundle(path) }
        return DeviceChainVerifier.Revocation(
            bundle: bundle, verifier: verifier, time: crlTime, required: invocation.flag("require-crl"))
    }

    /// Reads and decodes a CrlBundle file, with the file and the protobuf offset in the error.
    static func crlBundle(_ path: String) throws -> CastCRLBundle {
        let bytes = try InputFile.readAll(path)
        do {
            return try CastCRLBundle(protobuf: bytes)
        } catch {
            throw CommandFailure("\(path): not a Cast CrlBundle: \(error)")
        }
    }

    /// `--NAME TIME` as RFC 3339 or a date; a usage error otherwise.
    static func time(_ invocation: Invocation, _ name: String) throws(CommandLineError) -> Date? {
        try invocation.value(name, expected: "an RFC 3339 time (2016-04-01T00:00:00Z) or a date (2016-04-01)") {
            DeviceTrustTime.parse($0)
        }
    }
}
