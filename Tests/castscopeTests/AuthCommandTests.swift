import CastJSON
import CastTLS
import CastTestSupport
import CastWire
import Foundation
import Testing

/// `castscope auth` as a user runs it: the real device chains of cast-pki give the results their table says, and
/// `auth check` against the emulator's realistic chain names each `auth-*` fault.
@Suite struct AuthCommandTests {
    /// This test's directories, removed when it ends.
    private let directories = TemporaryDirectories()
    private static let pki = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../CastTLSTests/Fixtures/cast-pki").standardized.path

    /// `auth verify --json` of `arguments`; the parsed object and the exit code.
    private func verify(_ arguments: [String]) async throws -> (JSONValue, Int32) {
        let result = try await CastscopeProcess.run(["auth", "verify", "--json"] + arguments)
        return (try JSONValue(parsing: result.standardOutput), result.exitCode)
    }

    /// The PEM blocks of a file, in order.
    private func blocks(_ path: String) throws -> [String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.components(separatedBy: "-----BEGIN CERTIFICATE-----").dropFirst().compactMap { part in
            part.components(separatedBy: "-----END CERTIFICATE-----").first.map {
                "-----BEGIN CERTIFICATE-----" + $0 + "-----END CERTIFICATE-----\n"
            }
        }
    }

    @Test(arguments: [
        ("chromecast_gen2", "3ZZAK6 FA8FCA3F0D35", "unrestricted"),
        ("chromecast_audio", "4ZZDZJ FA8FCA7EFE3C", "audio-only"),
        ("fugu", "-6394818897508095075", "unrestricted"),
        ("audio_ref_dev_test_chain_3", "Audio Reference Dev Test", "audio-only"),
    ])
    func realDeviceChainsAreTrustedUnderTheBuiltInRootsIn2016(name: String, commonName: String, policy: String)
        async throws
    {
        let (json, code) = try await verify([Self.pki + "/chains/\(name).pem", "--at", "2016-04-01"])
        #expect(code == 0)
        #expect(json["verdict"] == "trusted")
        #expect(json["commonName"] == .string(commonName))
        #expect(json["policy"] == .string(policy))
        #expect(json["chain"]?.arrayValue?.last?["trustAnchor"] == true)
    }

    @Test func chromecastGen2TodayNamesTheMarch2025IntermediateExpiry() async throws {
        let (json, code) = try await verify([Self.pki + "/chains/chromecast_gen2.pem"])
        #expect(code == 1)
        #expect(json["reason"] == "date-invalid")
        #expect(json["failingCertificate"] == 1)
        #expect(json["expiredCastIntermediate2025"] == true)
        let detail = json["detail"]?.stringValue ?? ""
        #expect(detail.contains("Chromecast ICA 3") && detail.contains("2025-03-09") && detail.contains("firmware"))
        #expect(json["chain"]?.arrayValue?[1]["validAt"] == false)
    }

    @Test func chainBeforeItsNotBeforeIsDateInvalid() async throws {
        let (json, code) = try await verify([Self.pki + "/chains/chromecast_gen2.pem", "--at", "2015-01-01"])
        #expect(code == 1)
        #expect(json["reason"] == "date-invalid")
    }

    @Test func unchainedCertificateIsUntrustedRootAndARootIsNotADeviceCertificate() async throws {
        let (unchained, code) = try await verify([Self.pki + "/chains/unchained.pem", "--at", "2016-04-01"])
        #expect(code == 1)
        #expect(unchained["reason"] == "untrusted-root")
        let (root, rootCode) = try await verify([Self.pki + "/roots/cast_root_ca.pem", "--at", "2016-04-01"])
        #expect(rootCode == 1)
        #expect(root["reason"] == "not-a-device-certificate")
    }

    @Test(arguments: [
        ("expired_root", nil, "unrestricted"),
        ("violates_root_pathlen_constraint", "pathlen", nil),
        ("rsa1024_device_cert", "weak-key", nil),
        ("policies_ica_anypolicy_leaf_audioonly", nil, "audio-only"),
        ("policies_ica_audioonly_leaf_none", nil, "audio-only"),
        ("policies_ica_none_leaf_foo", nil, "unrestricted"),
    ] as [(String, String?, String?)])
    func chainsWithTheirOwnRootGiveTheirTableResult(name: String, reason: String?, policy: String?) async throws {
        let certificates = try blocks(Self.pki + "/chains/\(name).pem")
        let directory = directories.make("auth")
        try certificates.dropLast().joined().write(toFile: directory + "/chain.pem", atomically: false, encoding: .utf8)
        try (certificates.last ?? "").write(toFile: directory + "/root.pem", atomically: false, encoding: .utf8)
        let (json, code) = try await verify([
            directory + "/chain.pem", "--trust-root", directory + "/root.pem", "--at", "2016-04-01",
        ])
        #expect(code == (reason == nil ? 0 : 1))
        #expect(json["reason"] == (reason.map { .string($0) } ?? .null))
        if let policy { #expect(json["policy"] == .string(policy)) }
    }

    @Test func textOutputMarksEachCertificateAndEndsWithTheVerdict() async throws {
        let result = try await CastscopeProcess.run(["auth", "verify", Self.pki + "/chains/chromecast_gen2.pem"])
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("✗ intermediate 1") && $0.contains("Chromecast ICA 3") })
        #expect(lines.contains { $0.contains("✓ root") && $0.contains("Cast Root CA") })
        #expect(lines.last?.hasPrefix("untrusted (date-invalid)") == true)
    }

    @Test func badTimeIsAUsageErrorAndAMissingFileIsARuntimeError() async throws {
        let badTime = try await CastscopeProcess.run(["auth", "verify", "x.pem", "--at", "yesterday"])
        #expect(badTime.exitCode == 64)
        #expect(badTime.standardError.contains("RFC 3339"))
        let missing = try await CastscopeProcess.run(["auth", "verify", "/nonexistent/chain.pem"])
        #expect(missing.exitCode == 1)
        #expect(missing.standardError == "Error: cannot read /nonexistent/chain.pem: no such file\n")
        let garbage = try await CastscopeProcess.run(["auth", "crl", "-", "--json"], input: Array("not a crl".utf8))
        #expect(garbage.exitCode == 1)
        #expect(garbage.standardError.contains("not a Cast CrlBundle"))
    }

    /// `auth check` against an emulator started with `receiverArguments`, trusting the root it wrote.
    private func check(_ receiverArguments: [String], checkArguments: (String) -> [String] = { _ in [] }) async throws
        -> (JSONValue, Int32)
    {
        let directory = directories.make("auth-check")
        let receiver = try await ReceiverProcess.start(
            ["--auth-chain", "realistic", "--write-root", directory + "/root.pem"]
                + receiverArguments.map { $0.replacingOccurrences(of: "DIR", with: directory) })
        let result = try await CastscopeProcess.run(
            ["auth", "check", "\(receiver.host):\(receiver.port)", "--trust-root", directory + "/root.pem", "--json"]
                + checkArguments(directory))
        await receiver.stopped()
        return (try JSONValue(parsing: result.standardOutput), result.exitCode)
    }

    @Test func checkOfTheRealisticChainIsTrustedWithAVerifyingSignature() async throws {
        let (json, code) = try await check([])
        #expect(code == 0)
        #expect(json["verdict"] == "trusted")
        #expect(json["authResponse"]?["signatureVerifies"] == true)
        #expect(json["tlsCertificate"]?["accepted"] == true)
        #expect(json["chain"]?.arrayValue?.count == 3)
    }

    @Test(arguments: [
        ("auth-expired-ica", "date-invalid"), ("auth-untrusted-root", "untrusted-root"),
        ("auth-bad-signature", "SIGNED_BLOBS_MISMATCH"),
    ])
    func checkNamesEachAuthFault(fault: String, reason: String) async throws {
        let (json, code) = try await check(["--fault", fault])
        #expect(code == 1)
        #expect(json["verdict"] == "untrusted")
        #expect(json["reason"] == .string(reason))
    }

    @Test func checkAtAnotherTimeDatesTheChainButJudgesTheTLSCertificateNow() async throws {
        let (json, code) = try await check([], checkArguments: { _ in ["--at", "2016-04-01"] })
        #expect(code == 1)
        #expect(json["reason"] == "date-invalid")  // the emulator's chain was generated today
        #expect(json["tlsCertificate"]?["accepted"] == true)
        #expect(json["authResponse"]?["signatureVerifies"] == true)
    }

    @Test func checkOfAnAudioOnlyDeviceReportsThePolicy() async throws {
        let (json, code) = try await check(["--fault", "auth-audio-only"])
        #expect(code == 0)
        #expect(json["policy"] == "audio-only")
    }

    @Test func checkOfASHA1DeviceIsTrustedAndShowsTheHash() async throws {
        let (json, code) = try await check(["--fault", "auth-sha1"])
        #expect(code == 0)
        #expect(json["authResponse"]?["hashAlgorithm"]?.stringValue?.lowercased().contains("sha1") == true)
    }

    @Test func checkOfARevokedDeviceIsRevokedWithItsCRLAndTheCRLVerifies() async throws {
        let (json, code) = try await check(
            ["--fault", "auth-revoked", "--write-crl", "DIR/crl.pb", "--write-crl-root", "DIR/crl-root.pem"],
            checkArguments: { ["--crl", $0 + "/crl.pb", "--crl-trust-root", $0 + "/crl-root.pem"] })
        #expect(code == 1)
        #expect(json["reason"] == "revoked")
        #expect(json["crl"]?["valid"] == true)
    }
}

/// `auth verify` and `auth check` with the CRL checked at one time (`--crl-at`) and the chain at another (`--at`):
/// a CRL that has lapsed by the chain's time refuses it (`crl-expired-at-check`), as Chromium does.
@Suite struct AuthCRLCheckTimeTests {
    static let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    static let day: TimeInterval = 86_400

    static func stamp(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }

    @Test func verifyRefusesAChainWhenTheCRLSignerExpiredBetweenTheTwoTimes() async throws {
        func issue(_ name: String, ca: Bool, by issuer: IssuedCertificate?, serial: UInt64,
                   notAfter: Date = Self.now + 365 * Self.day) throws -> IssuedCertificate {
            try CertificateIssuer.issue(
                CertificateRequest(subject: [("CN", name)], serial: serial, notBefore: Self.now - 30 * Self.day,
                                   notAfter: notAfter, isCertificateAuthority: ca),
                key: try PrivateKey.generate(.rsa2048), issuer: issuer)
        }
        let crlRoot = try issue("CLI CRL Root", ca: true, by: nil, serial: 1)
        let signer = try issue("CLI CRL Signer", ca: false, by: crlRoot, serial: 2, notAfter: Self.now - 2 * Self.day)
        let deviceRoot = try issue("CLI Device Root", ca: true, by: nil, serial: 3)
        let ica = try issue("CLI ICA", ca: true, by: deviceRoot, serial: 4)
        let device = try issue("CLI Device", ca: false, by: ica, serial: 5)
        let list = CastTBSCRL(
            version: 0, notBeforeSeconds: UInt64(Self.now.timeIntervalSince1970 - 10 * Self.day),
            notAfterSeconds: UInt64(Self.now.timeIntervalSince1970 + Self.day), revokedPublicKeyHashes: [],
            revokedSerialNumberRanges: [])
        let bundle = CastCRLBundle(crls: [try CastCRLIssuer.sign(list, signer: signer)])
        let directory = NSTemporaryDirectory() + "castscope-crl-at-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try (device.certificate.pemString + ica.certificate.pemString).write(
            toFile: directory + "/chain.pem", atomically: true, encoding: .utf8)
        try deviceRoot.certificate.pemString.write(toFile: directory + "/root.pem", atomically: true, encoding: .utf8)
        try crlRoot.certificate.pemString.write(toFile: directory + "/crl-root.pem", atomically: true, encoding: .utf8)
        _ = FileManager.default.createFile(atPath: directory + "/crl.pb", contents: Data(bundle.protobufBytes))
        let common = ["auth", "verify", directory + "/chain.pem", "--trust-root", directory + "/root.pem", "--crl",
                      directory + "/crl.pb", "--crl-trust-root", directory + "/crl-root.pem", "--json"]
        for required in [[], ["--require-crl"]] {
            let result = try await CastscopeProcess.run(
                common + required + ["--crl-at", Self.stamp(Self.now - 5 * Self.day)])
            #expect(result.exitCode == 1, "\(result.standardError)")
            let json = try JSONValue(parsing: result.standardOutput)
            #expect(json["reason"] == "crl-expired-at-check", "\(result.standardOutput)")
            #expect(json["detail"]?.stringValue?.contains("CLI CRL Signer") == true, "\(result.standardOutput)")
        }
        // The CRL checked at the chain's own time: its signer is out of date there, an ordinary invalid CRL.
        let sameTime = try await CastscopeProcess.run(common + ["--require-crl"])
        #expect(try JSONValue(parsing: sameTime.standardOutput)["reason"] == "crl-invalid")
    }

    @Test func checkRefusesADeviceWhenTheCRLWindowEndedBeforeTheChainTime() async throws {
        let directory = NSTemporaryDirectory() + "castscope-crl-check-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The emulator's CRL is valid for 30 days; its chain for years.
        let receiver = try await ReceiverProcess.start(
            ["--auth-chain", "realistic", "--write-root", directory + "/root.pem", "--fault", "auth-revoked",
             "--write-crl", directory + "/crl.pb", "--write-crl-root", directory + "/crl-root.pem"])
        let result = try await CastscopeProcess.run(
            ["auth", "check", "\(receiver.host):\(receiver.port)", "--trust-root", directory + "/root.pem", "--crl",
             directory + "/crl.pb", "--crl-trust-root", directory + "/crl-root.pem", "--json",
             "--crl-at", Self.stamp(Self.now), "--at", Self.stamp(Self.now + 60 * Self.day)])
        await receiver.stopped()
        #expect(result.exitCode == 1, "\(result.standardError)")
        let json = try JSONValue(parsing: result.standardOutput)
        #expect(json["reason"] == "crl-expired-at-check", "\(result.standardOutput)")
        #expect(json["detail"]?.stringValue?.contains("the CRL expired") == true, "\(result.standardOutput)")
    }
}
