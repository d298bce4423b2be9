import CastLog
public import CastTLS
public import CastWire

/// Receiver side of device authentication: answers each challenge with a signature over
/// `nonce || DER(our TLS certificate)` from `DeviceAuthSigner`, or an AuthError it cannot sign.
public final class DeviceAuthResponder: CastMessageHandler, @unchecked Sendable {
    // @unchecked Sendable: immutable after init apart from `isEnabled`, confined to one executor.

    /// The device identity that signs.
    public let signer: DeviceAuthSigner
    /// The DER of the certificate this receiver presents in TLS (what the sender binds the signature to).
    public let tlsCertificateDER: [UInt8]
    /// False to ignore challenges (a device that never answers).
    public var isEnabled = true

    /// The classes this responder logs under (the emulated device's).
    public var log = ChannelLogClasses.receiver()

    /// A responder signing with `signer` for the TLS certificate `tlsCertificateDER`.
    public init(signer: DeviceAuthSigner, tlsCertificateDER: [UInt8]) {
        self.signer = signer
        self.tlsCertificateDER = tlsCertificateDER
    }

    /// Answers a challenge from the sender it came from; a payload without a challenge gets INTERNAL_ERROR.
    public func handle(_ message: CastMessage, from socket: CastSocket) {
        guard isEnabled else { return }
        let reply: DeviceAuthReply
        if let challenge = DeviceAuthCoding.challenge(from: message) {
            reply = signer.respond(to: challenge, tlsCertificateDER: tlsCertificateDER)
        } else {
            log.deviceAuth.info(
                "device-auth message without a challenge; answering INTERNAL_ERROR",
                ChannelLog.metadata(message, peer: socket.peer))
            reply = .error(.internalError)
        }
        let answer = CastMessage(
            sourceID: message.destinationID, destinationID: message.sourceID,
            namespace: CastNamespace.deviceAuth.rawValue, binary: DeviceAuthCoding.encode(reply))
        log.deviceAuth.debug("challenge answered", ChannelLog.metadata(answer, peer: socket.peer))
        try? socket.send(answer)
    }
}
