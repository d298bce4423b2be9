import CastDiscovery
import CastLog
import CastReceiver
import CastSender
import CastTLS
import CastTestKit
import CastTestSupport
import CastWire
import Foundation
import Testing

/// Each `auth-*` fault of the emulator's realistic chain ends in the sender outcome AuthFault documents.
@Suite struct DeviceTrustFaultTests {
    /// A session against an emulator presenting `identity`, the sender trusting its printed root.
    private func session(
        _ faults: Set<AuthFault>, withCRL: Bool = false, logger: Logger = .shared
    ) async throws -> (SenderHarness, Result<CastSession, CastError>) {
        let identity = try EmulatedDeviceIdentity.generate(
            deviceID: "feedfacefeedfacefeedfacefeedface", faults: faults, keys: TestKeys.source("trust-fault"))
        let harness = try SenderHarness(
            customize: { options in
                options.logger = logger
                options.trustStore = CastTrustStore(roots: [identity.root])
                if withCRL, let crl = identity.crl, let crlRoot = identity.crlRoot {
                    options.revocation = DeviceChainVerifier.Revocation(
                        bundle: crl, verifier: CastCRLVerifier(trustStore: CastTrustStore(roots: [crlRoot])))
                }
            },
            emulatorOptions: { $0.deviceAuthSigner = identity.signer })
        return (harness, await harness.context.startSession(with: harness.device))
    }

    private func failureMessage(_ result: Result<CastSession, CastError>) -> String? {
        if case .failure(let error) = result { return "\(error)" }
        return nil
    }

    @Test func realisticChainWithoutFaultsAuthenticatesWithUnrestrictedPolicy() async throws {
        let (harness, result) = try await session([])
        _ = try result.get()
        #expect(await harness.context.withSessionManager { $0.currentCastSession?.devicePolicy } == .unrestricted)
        await harness.shutdown()
    }

    @Test func expiredIntermediateFailsWithDateInvalidAtIntermediateOne() async throws {
        let (harness, result) = try await session([.expiredICA])
        let message = try #require(failureMessage(result))
        #expect(message.contains("date-invalid"), "\(message)")
        #expect(message.contains("intermediate 1"), "\(message)")
        await harness.shutdown()
    }

    @Test func chainFromAnotherRootFailsAsUntrustedRoot() async throws {
        let (harness, result) = try await session([.untrustedRoot])
        guard case .failure(let error) = result else {
            Issue.record("expected a failure")
            await harness.shutdown()
            return
        }
        #expect(error.code == .deviceCertificateNotTrusted)
        #expect("\(error)".contains("untrusted-root"), "\(error)")
        await harness.shutdown()
    }

    @Test func audioOnlyDeviceAuthenticatesAndVideoLoadIsLoggedAsWarning() async throws {
        let ring = RingBufferSink(capacity: 10_000)
        Logger.shared.addSink(ring)
        defer { Logger.shared.removeSink(ring) }
        let (harness, result) = try await session([.audioOnly])
        _ = try result.get()
        #expect(await harness.context.withSessionManager { $0.currentCastSession?.devicePolicy } == .audioOnly)
        let media = MediaInformation(contentID: "https://example.invalid/video.mp4", contentType: "video/mp4",
                                     streamType: "BUFFERED")
        await harness.context.withSessionManager {
            _ = $0.currentCastSession?.remoteMediaClient.loadMedia(MediaLoadRequestData(mediaInformation: media))
        }
        let warned = await eventually(within: .seconds(5)) {
            ring.records.contains {
                $0.className == "GCKRemoteMediaClient" && $0.level == .warning && $0.message.contains("audio-only")
            }
        }
        #expect(warned)
        await harness.shutdown()
    }

    @Test func corruptedSignatureFailsAsSignedBlobsMismatch() async throws {
        let (harness, result) = try await session([.badSignature])
        let message = try #require(failureMessage(result))
        #expect(message.contains("SIGNED_BLOBS_MISMATCH"), "\(message)")
        await harness.shutdown()
    }

    @Test func sha1SignatureIsAcceptedWithAWarning() async throws {
        // A logger of its own: on the shared one, other tests' records pushed the warning out of the ring in a full run.
        let logger = Logger()
        let ring = RingBufferSink(capacity: 10_000)
        logger.addSink(ring)
        let (harness, result) = try await session([.sha1], logger: logger)
        _ = try result.get()
        #expect(ring.records.contains {
            $0.className == "GCKDeviceAuthChannel" && $0.level == .warning && $0.message.contains("SHA-1")
        })
        await harness.shutdown()
    }

    @Test func revokedDeviceFailsAsRevokedWhenTheCRLIsGiven() async throws {
        let (harness, result) = try await session([.revoked], withCRL: true)
        let message = try #require(failureMessage(result))
        #expect(message.contains("CERT_REVOKED"), "\(message)")
        #expect(message.contains("revoked"), "\(message)")
        await harness.shutdown()
    }

    @Test func revokedDeviceAuthenticatesWithoutTheCRL() async throws {
        let (harness, result) = try await session([.revoked])
        _ = try result.get()
        await harness.shutdown()
    }
}
