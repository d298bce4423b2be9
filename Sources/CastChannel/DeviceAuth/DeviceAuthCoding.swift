public import CastTLS
public import CastWire

/// Converts between CastTLS's device-auth values and CastWire's `DeviceAuthMessage` protobuf.
public enum DeviceAuthCoding {
    /// The binary payload of a challenge: `DeviceAuthMessage { challenge { … } }`.
    public static func encode(_ challenge: DeviceAuthChallenge) -> [UInt8] {
        DeviceAuthMessage(
            challenge: AuthChallenge(
                signatureAlgorithm: SignatureAlgorithm(rawValue: challenge.signatureAlgorithm.rawValue),
                senderNonce: challenge.senderNonce,
                hashAlgorithm: HashAlgorithm(rawValue: challenge.hashAlgorithm.rawValue))
        ).protobufBytes()
    }

    /// The binary payload of a reply: `response { … }`, `error { … }` or neither.
    public static func encode(_ reply: DeviceAuthReply) -> [UInt8] {
        switch reply {
        case .response(let response):
            return DeviceAuthMessage(
                response: AuthResponse(
                    signature: response.signature, clientAuthCertificate: response.clientAuthCertificate,
                    intermediateCertificates: response.intermediateCertificates,
                    signatureAlgorithm: response.signatureAlgorithm.map { SignatureAlgorithm(rawValue: $0.rawValue) },
                    senderNonce: response.senderNonce,
                    hashAlgorithm: response.hashAlgorithm.map { HashAlgorithm(rawValue: $0.rawValue) },
                    crl: response.crl)
            ).protobufBytes()
        case .error(let type):
            return DeviceAuthMessage(error: AuthError(errorType: AuthError.ErrorType(rawValue: type.rawValue)))
                .protobufBytes()
        case .empty:
            return DeviceAuthMessage().protobufBytes()
        }
    }

    /// The reply a device sent in `message`; throws for a STRING message, no payload or bad protobuf.
    public static func reply(from message: CastMessage) throws(DeviceAuthError) -> DeviceAuthReply {
        guard message.payloadType == .binary else { throw DeviceAuthError(.wrongPayloadType) }
        guard let payload = message.payloadBinary, !payload.isEmpty else { throw DeviceAuthError(.noPayload) }
        let decoded: DeviceAuthMessage
        do throws(ProtobufError) {
            decoded = try DeviceAuthMessage(protobuf: payload)
        } catch {
            throw DeviceAuthError(.payloadParsingFailed(error))
        }
        if let response = decoded.response {
            return .response(
                DeviceAuthResponse(
                    signature: response.signature, clientAuthCertificate: response.clientAuthCertificate,
                    intermediateCertificates: response.intermediateCertificates,
                    signatureAlgorithm: response.signatureAlgorithm.map {
                        CastSignatureAlgorithm(rawValue: $0.rawValue)
                    },
                    hashAlgorithm: response.hashAlgorithm.map { CastHashAlgorithm(rawValue: $0.rawValue) },
                    senderNonce: response.senderNonce, crl: response.crl))
        }
        if let error = decoded.error { return .error(CastAuthErrorType(rawValue: error.errorType.rawValue)) }
        return .empty
    }

    /// The challenge a sender sent in `message`, or nil when it is not a binary `DeviceAuthMessage` with one.
    public static func challenge(from message: CastMessage) -> DeviceAuthChallenge? {
        guard message.payloadType == .binary, let payload = message.payloadBinary,
            let decoded = try? DeviceAuthMessage(protobuf: payload), let challenge = decoded.challenge
        else { return nil }
        return DeviceAuthChallenge(
            senderNonce: challenge.senderNonce ?? [],
            hashAlgorithm: CastHashAlgorithm(rawValue: challenge.effectiveHashAlgorithm.rawValue),
            signatureAlgorithm: CastSignatureAlgorithm(rawValue: challenge.effectiveSignatureAlgorithm.rawValue))
    }
}
