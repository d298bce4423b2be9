public import CastJSON

/// The logic of `castscope decode frames`: a raw Cast byte stream in, one JSON object per message out.
///
/// Each line is `{"offset", "protocolVersion", "sourceId", "destinationId", "namespace", "payloadType":
/// "string"|"binary", "payloadUtf8" | "payloadBinary" (base64), "payload" (when payloadUtf8 is JSON),
/// "deviceAuth" (deviceauth namespace), "continued"/"remainingLength" (when set), "unknownFields" (when any)}`.
/// On a bad frame the lines decoded before it are returned together with `frame at offset N: <why>`.
public enum CastFrameDump {
    /// Decodes `input` (binary, or hex text with whitespace ignored when `hex` is true) into JSON lines.
    public static func run(input: [UInt8], hex: Bool = false) -> (lines: [String], error: String?) {
        var bytes = input
        if hex {
            do throws(HexText.DecodeError) {
                bytes = try HexText.bytes(from: String(decoding: input, as: UTF8.self))
            } catch {
                return ([], error.description)
            }
        }
        var lines: [String] = []
        var reader = ByteReader(bytes)
        var decoder = CastFrameDecoder()
        do throws(FramingError) {
            while true {
                let offset = reader.position
                guard let message = try decoder.decode(&reader) else { break }
                lines.append(json(for: message, offset: offset).serialized())
            }
            try decoder.finish(reader)
        } catch {
            return (lines, error.description)
        }
        return (lines, nil)
    }

    /// The JSON object describing `message`, found at stream offset `offset`.
    public static func json(for message: CastMessage, offset: Int) -> JSONValue {
        var object = JSONObject()
        object.appendUnchecked("offset", .int(Int64(offset)))
        object.appendUnchecked("protocolVersion", .string(message.protocolVersion.description))
        object.appendUnchecked("sourceId", .string(message.sourceID))
        object.appendUnchecked("destinationId", .string(message.destinationID))
        object.appendUnchecked("namespace", .string(message.namespace))
        object.appendUnchecked("payloadType", .string(message.payloadType == .string ? "string" : "binary"))
        if let text = message.payloadUTF8 {
            object.appendUnchecked("payloadUtf8", .string(text))
            if let parsed = try? JSONValue(parsing: text) { object.appendUnchecked("payload", parsed) }
        }
        if let binary = message.payloadBinary {
            object.appendUnchecked("payloadBinary", .string(base64(binary)))
            if CastNamespace(rawValue: message.namespace) == .deviceAuth {
                do throws(ProtobufError) {
                    object.appendUnchecked("deviceAuth", deviceAuthJSON(try DeviceAuthMessage(protobuf: binary)))
                } catch {
                    object.appendUnchecked("deviceAuthError", .string(error.description))
                }
            }
        }
        if let continued = message.continued { object.appendUnchecked("continued", .bool(continued)) }
        if let remaining = message.remainingLength { object.appendUnchecked("remainingLength", .int(Int64(remaining))) }
        if !message.unknownFields.isEmpty { object.appendUnchecked("unknownFields", unknownJSON(message.unknownFields)) }
        return .object(object)
    }

    /// A decoded `DeviceAuthMessage` as JSON: enums by name, bytes as base64, only fields that are set.
    public static func deviceAuthJSON(_ message: DeviceAuthMessage) -> JSONValue {
        var object = JSONObject()
        if let challenge = message.challenge {
            var part = JSONObject()
            if let value = challenge.signatureAlgorithm { part["signatureAlgorithm"] = .string(value.description) }
            if let value = challenge.senderNonce { part["senderNonce"] = .string(base64(value)) }
            if let value = challenge.hashAlgorithm { part["hashAlgorithm"] = .string(value.description) }
            if !challenge.unknownFields.isEmpty { part["unknownFields"] = unknownJSON(challenge.unknownFields) }
            object["challenge"] = .object(part)
        }
        if let response = message.response {
            var part = JSONObject()
            part["signature"] = .string(base64(response.signature))
            part["clientAuthCertificate"] = .string(base64(response.clientAuthCertificate))
            part["intermediateCertificates"] = .array(response.intermediateCertificates.map { .string(base64($0)) })
            if let value = response.signatureAlgorithm { part["signatureAlgorithm"] = .string(value.description) }
            if let value = response.senderNonce { part["senderNonce"] = .string(base64(value)) }
            if let value = response.hashAlgorithm { part["hashAlgorithm"] = .string(value.description) }
            if let value = response.crl { part["crl"] = .string(base64(value)) }
            if !response.unknownFields.isEmpty { part["unknownFields"] = unknownJSON(response.unknownFields) }
            object["response"] = .object(part)
        }
        if let error = message.error {
            var part = JSONObject()
            part["errorType"] = .string(error.errorType.description)
            if !error.unknownFields.isEmpty { part["unknownFields"] = unknownJSON(error.unknownFields) }
            object["error"] = .object(part)
        }
        if !message.unknownFields.isEmpty { object["unknownFields"] = unknownJSON(message.unknownFields) }
        return .object(object)
    }

    /// Unknown fields as `[{"field": n, "wireType": "varint", "hex": "…"}]` (raw key and value bytes).
    static func unknownJSON(_ unknown: ProtoUnknownFields) -> JSONValue {
        guard let fields = unknown.fields() else { return .string(HexText.string(from: unknown.bytes)) }
        return .array(fields.map { field in
            .object(["field": .int(Int64(field.tag.fieldNumber)), "wireType": .string(field.tag.wireType.description),
                     "hex": .string(HexText.string(from: field.raw))])
        })
    }
}
