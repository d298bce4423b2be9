/// A decoded frame whose JSON text may still lie in the frame's bytes (`CastFrameDecoder.decodeDeferringText`):
/// checked as UTF-8 but not yet a String, so a reader that only peeks at it pays no copy.
public struct DecodedCastFrame: Sendable {
    /// The message; for a STRING message with deferred text, `payloadUTF8` is nil until `withText` fills it.
    public var message: CastMessage
    /// The payload_utf8 bytes, already checked as UTF-8 (nil for BINARY messages and once filled in).
    public var text: ByteReader?

    /// A frame from its parts.
    public init(message: CastMessage, text: ByteReader?) {
        self.message = message
        self.text = text
    }

    /// The JSON text as a String (made now when deferred), or nil for a BINARY message.
    public var textString: String? {
        guard let text else { return message.payloadUTF8 }
        // Checked as UTF-8 when decoded: decoding repairs nothing, it only copies.
        return String(decoding: text.remainingBytes, as: UTF8.self)
    }

    /// The message with its JSON text filled in: what `CastFrameDecoder.decode` returns for the same bytes.
    public var withText: CastMessage {
        guard text != nil else { return message }
        var filled = message
        filled.payloadUTF8 = textString
        return filled
    }
}
