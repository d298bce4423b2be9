import CastTestSupport
import Foundation
import Testing
@testable import CastWire

/// Cross-checks against Python protobuf (upb) with pychromecast's cast_channel_pb2, via scripts/gen-cast-vectors.
@Suite struct CastVectorTests {
    struct Vector {
        let name: String
        let type: String
        let bytes: [UInt8]
        let values: [String: Any]
        let entry: [String: Any]

        var isDecodeOnly: Bool { entry["decodeOnly"] as? Bool ?? false }
    }

    static func loadVectors(from directory: URL = CastFixtures.vectorsDirectory) throws -> [Vector] {
        let data = try Data(contentsOf: directory.appendingPathComponent("vectors.json"))
        let list = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return try list.map { entry in
            let name = try #require(entry["name"] as? String)
            let file = try #require(entry["file"] as? String)
            return Vector(name: name, type: try #require(entry["type"] as? String),
                          bytes: try CastFixtures.read(directory.appendingPathComponent(file)),
                          values: entry["values"] as? [String: Any] ?? [:], entry: entry)
        }
    }

    /// Encode+decode vectors: values written by upb from a message it built.
    static func roundTripVectors() throws -> [Vector] { try loadVectors().filter { !$0.isDecodeOnly } }

    static func expectedCastMessage(_ v: [String: Any]) throws -> CastMessage {
        let payloadType = try #require(v["payloadType"] as? Int)
        return CastMessage(
            protocolVersion: CastProtocolVersion(rawValue: Int32(try #require(v["protocolVersion"] as? Int))),
            sourceID: try #require(v["sourceId"] as? String),
            destinationID: try #require(v["destinationId"] as? String),
            namespace: try #require(v["namespace"] as? String),
            payloadType: try #require(CastPayloadType(rawValue: Int32(payloadType))),
            payloadUTF8: v["payloadUtf8"] as? String,
            payloadBinary: (v["payloadBinaryHex"] as? String).map(CastFixtures.hex),
            continued: v["continued"] as? Bool,
            remainingLength: (v["remainingLength"] as? NSNumber).map { $0.uint32Value },
            unknownFields: ProtoUnknownFields(bytes: CastFixtures.hex(v["unknownFieldsHex"] as? String ?? "")))
    }

    static func expectedDeviceAuth(_ v: [String: Any]) -> DeviceAuthMessage {
        var message = DeviceAuthMessage()
        func bytes(_ d: [String: Any], _ key: String) -> [UInt8]? { (d[key] as? String).map(CastFixtures.hex) }
        if let c = v["challenge"] as? [String: Any] {
            message.challenge = AuthChallenge(
                signatureAlgorithm: (c["signatureAlgorithm"] as? Int).map { SignatureAlgorithm(rawValue: Int32($0)) },
                senderNonce: bytes(c, "senderNonceHex"),
                hashAlgorithm: (c["hashAlgorithm"] as? Int).map { HashAlgorithm(rawValue: Int32($0)) })
        }
        if let r = v["response"] as? [String: Any] {
            message.response = AuthResponse(
                signature: bytes(r, "signatureHex") ?? [], clientAuthCertificate: bytes(r, "clientAuthCertificateHex") ?? [],
                intermediateCertificates: (r["intermediateCertificatesHex"] as? [String] ?? []).map(CastFixtures.hex),
                signatureAlgorithm: (r["signatureAlgorithm"] as? Int).map { SignatureAlgorithm(rawValue: Int32($0)) },
                senderNonce: bytes(r, "senderNonceHex"),
                hashAlgorithm: (r["hashAlgorithm"] as? Int).map { HashAlgorithm(rawValue: Int32($0)) },
                crl: bytes(r, "crlHex"))
        }
        if let e = v["error"] as? [String: Any], let type = e["errorType"] as? Int {
            message.error = AuthError(errorType: AuthError.ErrorType(rawValue: Int32(type)))
        }
        return message
    }

    @Test func committedFixturesCoverEveryCase() throws {
        let names = Set(try Self.loadVectors().map(\.name))
        for required in ["unicode", "empty-strings", "chunked-continued", "big-utf8-64k", "big-binary-65000",
                         "auth-challenge", "auth-response-full", "auth-error", "unknown-fields"] {
            #expect(names.contains(required), "missing vector \(required)")
        }
    }

    @Test func everyPythonVectorDecodesToTheSameValues() throws {
        for vector in try Self.roundTripVectors() {
            if vector.type == "CastMessage" {
                let decoded = try CastMessage(protobuf: vector.bytes)
                #expect(decoded == (try Self.expectedCastMessage(vector.values)), "\(vector.name)")
            } else {
                let decoded = try DeviceAuthMessage(protobuf: vector.bytes)
                #expect(decoded == Self.expectedDeviceAuth(vector.values), "\(vector.name)")
            }
        }
    }

    @Test func ourEncodingOfTheSameValuesIsByteIdentical() throws {
        for vector in try Self.roundTripVectors() {
            if vector.type == "CastMessage" {
                let message = try Self.expectedCastMessage(vector.values)
                #expect(message.protobufBytes() == vector.bytes, "\(vector.name)")
                #expect(message.encodedSize == vector.bytes.count, "\(vector.name)")
            } else {
                #expect(Self.expectedDeviceAuth(vector.values).protobufBytes() == vector.bytes, "\(vector.name)")
            }
        }
    }

    @Test func everyCastVectorSurvivesFramingBackToBack() throws {
        let messages = try Self.roundTripVectors().filter { $0.type == "CastMessage" }
        var stream: [UInt8] = []
        for vector in messages { stream += CastFixtures.frame(vector.bytes) }
        var reader = ByteReader(stream)
        var decoder = CastFrameDecoder()
        var decoded: [CastMessage] = []
        while let message = try decoder.decode(&reader) { decoded.append(message) }
        #expect(reader.isAtEnd)
        #expect(decoded == (try messages.map { try Self.expectedCastMessage($0.values) }))
    }

    /// Hand-made encodings (overlong varints, reordered/duplicate/unknown fields, broken input): we accept and
    /// reject what upb does, with the same values and upb's re-encoding, except where the vector documents that
    /// castscope is deliberately stricter ("reject") or keeps more ("accept").
    @Test func decodeOnlyVectorsBehaveLikeUpbOrAsDocumented() throws {
        let vectors = try Self.loadVectors().filter(\.isDecodeOnly)
        #expect(vectors.count >= 15)
        for vector in vectors {
            let expectation = try #require(vector.entry["castscope"] as? String)
            let pythonAccepts = vector.entry["python"] as? String == "accept"
            let decoded: (value: AnyHashable, bytes: [UInt8])?
            if vector.type == "CastMessage" {
                decoded = (try? CastMessage(protobuf: vector.bytes)).map { ($0, $0.protobufBytes()) }
            } else {
                decoded = (try? DeviceAuthMessage(protobuf: vector.bytes)).map { ($0, $0.protobufBytes()) }
            }
            switch expectation {
            case "same" where pythonAccepts:
                let result = try #require(decoded, "\(vector.name): upb accepts, castscope rejects")
                let expected: AnyHashable = vector.type == "CastMessage"
                    ? AnyHashable(try Self.expectedCastMessage(vector.values))
                    : AnyHashable(Self.expectedDeviceAuth(vector.values))
                #expect(result.value == expected, "\(vector.name)")
                #expect(result.bytes == CastFixtures.hex(vector.entry["pythonReencodedHex"] as? String ?? ""),
                        "\(vector.name): re-encoding differs from upb's")
            case "same", "reject":
                #expect(decoded == nil, "\(vector.name): castscope accepts what it should reject")
            case "accept":
                let result = try #require(decoded, "\(vector.name): castscope should keep this message")
                let expected: AnyHashable = vector.type == "CastMessage"
                    ? AnyHashable(try Self.expectedCastMessage(vector.values))
                    : AnyHashable(Self.expectedDeviceAuth(vector.values))
                #expect(result.value == expected, "\(vector.name)")
            default:
                Issue.record("\(vector.name): unknown expectation \(expectation)")
            }
        }
    }

    /// Reruns the generator against the installed pychromecast/protobuf and compares with the committed fixtures,
    /// so a change in the peer (or in the script) is caught.
    @Test func liveGeneratorMatchesCommittedFixtures() async throws {
        let root = CastFixtures.repositoryRoot
        let python = root.appendingPathComponent(".venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            if CastFixtures.peersRequired {
                Issue.record("CASTSCOPE_REQUIRE_PEERS=1 but \(python.path) is missing: run ./scripts/setup")
            } else {
                print("skipping liveGeneratorMatchesCommittedFixtures: no Python venv (run ./scripts/setup)")
            }
            return
        }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("cast-vectors-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let script = root.appendingPathComponent("scripts/gen-cast-vectors")
        let outPath = out.path
        let status = try await BlockingWork.run { () throws -> Int32 in
            let process = Process()
            process.executableURL = script
            process.arguments = [outPath]
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        #expect(status == 0)
        let committed = try FileManager.default.contentsOfDirectory(atPath: CastFixtures.vectorsDirectory.path).sorted()
        let fresh = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(fresh == committed)
        for name in committed {
            let a = try CastFixtures.read(CastFixtures.vectorsDirectory.appendingPathComponent(name))
            let b = try CastFixtures.read(out.appendingPathComponent(name))
            #expect(a == b, "\(name) differs from a fresh run of scripts/gen-cast-vectors")
        }
    }
}
