import CastCLI
import CastReceiver
import CastTLS
import CastWire
import Foundation

/// The emulator's device-auth identity from `--auth-chain`, the `auth-*` faults and the `--write-*` options.
enum ReceiverIdentity {
    /// Nil keeps the emulator's default (its TLS identity signs); otherwise the chain to present.
    static func signer(
        _ invocation: Invocation, deviceID: String, faults: [ReceiverFault], _ io: any CommandOutput
    ) throws -> DeviceAuthSigner? {
        let authFaults = Set(faults.compactMap { if case .auth(let fault) = $0 { fault } else { nil } })
        let chain = invocation.option("auth-chain")
        for option in ["write-root", "write-crl", "write-crl-root"] where invocation.option(option) != nil {
            guard chain == "realistic" || (chain == nil && !authFaults.isEmpty) else {
                throw CommandLineError.validation("--\(option) needs --auth-chain realistic or an auth-* fault")
            }
        }
        if (invocation.option("write-crl") != nil || invocation.option("write-crl-root") != nil),
            !authFaults.contains(.revoked)
        {
            throw CommandLineError.validation("--write-crl and --write-crl-root need --fault auth-revoked")
        }
        if let chain, chain != "realistic" {
            guard authFaults.isEmpty else {
                throw CommandLineError.validation("auth-* faults need a generated chain: drop --auth-chain \(chain)")
            }
            return try loadSigner(chain)
        }
        guard chain != nil || !authFaults.isEmpty else { return nil }
        let identity = try EmulatedDeviceIdentity.generate(deviceID: deviceID, faults: authFaults)
        io.printError("receiver: device-auth chain root \(identity.root.subject), sha256 \(identity.root.sha256Fingerprint)")
        if let path = invocation.option("write-root") { try write(identity.root.pemString, to: path) }
        if let path = invocation.option("write-crl"), let crl = identity.crl {
            try write(Data(crl.protobufBytes), to: path)
        }
        if let path = invocation.option("write-crl-root"), let root = identity.crlRoot {
            try write(root.pemString, to: path)
        }
        return identity.signer
    }

    private static func write(_ text: String, to path: String) throws {
        try OutputFile.write(text, to: path)
    }

    private static func write(_ data: Data, to path: String) throws {
        try OutputFile.write(data, to: path)
    }

    private static func loadSigner(_ directory: String) throws -> DeviceAuthSigner {
        func read(_ name: String) throws -> String {
            String(decoding: try InputFile.readAll(directory + "/" + name), as: UTF8.self)
        }
        do {
            return DeviceAuthSigner(
                deviceCertificate: try X509Certificate(pem: try read("device.pem")),
                privateKey: try PrivateKey(pem: try read("device-key.pem")),
                intermediates: try X509Certificate.certificates(fromPEM: try read("intermediate.pem")))
        } catch let error as CertificateError {
            throw CommandFailure("--auth-chain \(directory): \(error)")
        }
    }
}
