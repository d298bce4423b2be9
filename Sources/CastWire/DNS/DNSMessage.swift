/// A DNS or mDNS message (RFC 1035 §4.1, RFC 6762): header, the four sections and what the decoder noticed.
public struct DNSMessage: Sendable, Hashable {
    /// The header; its counts are the ones read from the wire (the encoder writes the real section sizes).
    public var header: DNSHeader
    /// The question section.
    public var questions: [DNSQuestion]
    /// The answer section.
    public var answers: [DNSResourceRecord]
    /// The authority section (mDNS probes put proposed records here, RFC 6762 §8.2).
    public var authorities: [DNSResourceRecord]
    /// The additional section.
    public var additionals: [DNSResourceRecord]
    /// Things accepted but worth reporting, such as forward compression pointers.
    public var warnings: [DNSWarning]

    /// Creates a message; the header counts are filled from the sections.
    public init(id: UInt16 = 0, flags: DNSFlags = DNSFlags(), questions: [DNSQuestion] = [],
                answers: [DNSResourceRecord] = [], authorities: [DNSResourceRecord] = [],
                additionals: [DNSResourceRecord] = []) {
        header = DNSHeader(id: id, flags: flags, questionCount: UInt16(clamping: questions.count),
                           answerCount: UInt16(clamping: answers.count),
                           authorityCount: UInt16(clamping: authorities.count),
                           additionalCount: UInt16(clamping: additionals.count))
        self.questions = questions
        self.answers = answers
        self.authorities = authorities
        self.additionals = additionals
        warnings = []
    }

    /// Transaction id.
    public var id: UInt16 { header.id }
    /// Flag bits.
    public var flags: DNSFlags { header.flags }

    /// Answers, authorities and additionals in wire order.
    public var records: [DNSResourceRecord] { answers + authorities + additionals }

    /// Decodes one whole message; throws at the first fault (see `decodeLax` to keep what came before it).
    public init(decoding bytes: [UInt8]) throws(DNSError) {
        self = try DNSMessage.decode(ByteReader(bytes))
    }

    /// Decodes the message filling `reader` (e.g. a UDP payload inside a packet); offsets stay absolute.
    public static func decode(_ reader: ByteReader) throws(DNSError) -> DNSMessage {
        var decoder = DNSMessageDecoder(reader)
        var layout = DNSMessageLayout(bytes: reader.storage, base: reader.position)
        try decoder.decodeAll(into: &layout)
        layout.warnings = decoder.warnings
        return layout.message
    }

    /// Decodes as far as possible: the questions and records before a fault are kept, with the error beside them.
    public static func decodeLax(_ bytes: [UInt8]) -> DNSDecodeResult {
        decodeLax(ByteReader(bytes))
    }

    /// Decodes as far as possible from the bytes filling `reader`.
    public static func decodeLax(_ reader: ByteReader) -> DNSDecodeResult {
        DNSMessageDecoder(reader, skipsBadRecords: true).run()
    }
}

extension DNSMessage {
    /// The message in wire form, names compressed (see `DNSWriter`).
    public func encoded() -> [UInt8] { DNSWriter.encode(self) }
}
