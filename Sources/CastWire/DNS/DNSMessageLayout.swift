/// A decoded DNS message as places in its packet: every question and record found and checked, nothing built.
///
/// Decoding into a layout costs one reference to the packet, not one per name: as `DNSMessage`, a phone's query
/// of 20 questions and 40 known answers made and dropped ~100 references to its packet (40 % of an mDNS run on
/// phones' traffic). The slots hold only numbers, so the arrays are freed without a walk. `message` builds the
/// whole model; `question(at:)`, `record(at:)` and the `…Name(at:)` accessors build one part of it.
public struct DNSMessageLayout: Sendable {
    /// Where a validated name lies: its walk starts at `start`; it is `labelBytes` long without the root byte.
    struct NameSpan: Sendable {
        var start: Int
        var labelBytes: UInt8
    }

    struct QuestionSlot: Sendable {
        var name: NameSpan
        var type: DNSType
        var rawClass: UInt16
        var offset: Int
    }

    /// Record data as numbers and places; the rare types (NSEC, OPT, HINFO, unknown) as an index into `stored`.
    enum DataSlot: Sendable {
        case a(DNSIPv4Address)
        case aaaa(DNSIPv6Address)
        case ptr(NameSpan)
        case srv(priority: UInt16, weight: UInt16, port: UInt16, target: NameSpan)
        case txt(Range<Int>)
        case stored(Int)
    }

    struct RecordSlot: Sendable {
        var name: NameSpan
        var type: DNSType
        var rawClass: UInt16
        var ttl: UInt32
        var offset: Int
        var usesForwardPointer: Bool
        var data: DataSlot
    }

    /// The packet's bytes (the message lies at `base`…); every slot points into them.
    let bytes: [UInt8]
    /// Where the message starts in `bytes`: compression pointers count from here.
    let base: Int
    /// The header as decoded (counts as claimed; the slots hold what decoded).
    public internal(set) var header = DNSHeader()
    var questions: [QuestionSlot] = []
    /// Answers, then authorities, then additionals.
    var records: [RecordSlot] = []
    var answerEnd = 0, authorityEnd = 0
    /// Data of the rare record types, built while decoding.
    var stored: [DNSRecordData] = []
    /// Warnings about the message (forward pointers, trailing bytes).
    public internal(set) var warnings: [DNSWarning] = []
    /// The first fault, or nil when the whole message decoded.
    public internal(set) var error: DNSError?
    /// Records skipped for bad RDATA inside their RDLENGTH (the first is also `error`).
    public internal(set) var skippedRecords: [DNSError] = []

    init(bytes: [UInt8], base: Int) {
        self.bytes = bytes
        self.base = base
    }

    /// Decodes the message in `reader`'s range, keeping everything before a fault (records with bad RDATA inside
    /// their RDLENGTH are skipped and reported, as `DNSMessage.decodeLax` does).
    public static func decodeLax(_ reader: ByteReader) -> DNSMessageLayout {
        DNSMessageDecoder(reader, skipsBadRecords: true).runLayout()
    }

    /// The message's flags.
    public var flags: DNSFlags { header.flags }
    /// Questions decoded.
    public var questionCount: Int { questions.count }
    /// Answers decoded.
    public var answerCount: Int { answerEnd }
    /// Authority records decoded.
    public var authorityCount: Int { authorityEnd - answerEnd }
    /// Additional records decoded.
    public var additionalCount: Int { records.count - authorityEnd }
    /// Records decoded in all three sections; `record(at:)` numbers them answers first.
    public var recordCount: Int { records.count }

    /// The name of question `index`.
    public func questionName(at index: Int) -> DNSName { name(questions[index].name) }

    /// The uncompressed wire length of question `index`'s name (root byte included), without building it.
    public func questionNameWireLength(at index: Int) -> Int { Int(questions[index].name.labelBytes) + 1 }

    /// True when question `index`'s name ends with `suffix` (lower-case ASCII labels, at most four), ignoring ASCII
    /// case, read from the packet without building the name.
    public func questionName(at index: Int, hasSuffix suffix: [[UInt8]]) -> Bool {
        firstSuffix(of: questions[index].name, among: [suffix]) != nil
    }

    /// The index of the first of `suffixes` (lower-case ASCII labels, at most four each) that ends record `index`'s
    /// owner name, ignoring ASCII case, or nil; read from the packet without building the name.
    public func recordName(at index: Int, matchingSuffix suffixes: [[[UInt8]]]) -> Int? {
        firstSuffix(of: records[index].name, among: suffixes)
    }

    private func firstSuffix(of span: NameSpan, among suffixes: [[[UInt8]]]) -> Int? {
        precondition(suffixes.allSatisfy { $0.count <= 4 }, "at most four labels")
        return bytes.withUnsafeBufferPointer { bytes in
            var last = SIMD4<Int>(), count = 0
            DNSName.forEachLabelOffset(in: bytes, from: span.start, base: base) { start, length in
                last[count & 3] = start << 8 | length
                count += 1
            }
            return suffixes.firstIndex { DNSName.labels(last, count: count, in: bytes, endWith: $0) }
        }
    }

    /// The owner name of record `index`.
    public func recordName(at index: Int) -> DNSName { name(records[index].name) }

    /// The uncompressed wire length of record `index`'s name (root byte included), without building it.
    public func recordNameWireLength(at index: Int) -> Int { Int(records[index].name.labelBytes) + 1 }

    /// The type of record `index`.
    public func recordType(at index: Int) -> DNSType { records[index].type }

    /// Question `index` as the model has it.
    public func question(at index: Int) -> DNSQuestion {
        let slot = questions[index]
        return DNSQuestion(name: name(slot.name), type: slot.type, qclass: DNSClass(rawValue: slot.rawClass & 0x7FFF),
                           unicastResponse: slot.rawClass & 0x8000 != 0, offset: slot.offset)
    }

    /// Record `index` (answers first, then authorities, then additionals) as the model has it.
    public func record(at index: Int) -> DNSResourceRecord {
        let slot = records[index]
        let isOPT = slot.type == .opt
        let data: DNSRecordData = switch slot.data {
        case .a(let address): .a(address)
        case .aaaa(let address): .aaaa(address)
        case .ptr(let target): .ptr(name(target))
        case .srv(let priority, let weight, let port, let target):
            .srv(DNSSRV(priority: priority, weight: weight, port: port, target: name(target)))
        case .txt(let range): .txt(DNSTXT(validatedRDATA: bytes[range]))
        case .stored(let position): stored[position]
        }
        return DNSResourceRecord(name: name(slot.name), type: slot.type,
                                 rrclass: DNSClass(rawValue: isOPT ? slot.rawClass : slot.rawClass & 0x7FFF),
                                 cacheFlush: !isOPT && slot.rawClass & 0x8000 != 0, ttl: slot.ttl, data: data,
                                 offset: slot.offset, usesForwardPointer: slot.usesForwardPointer)
    }

    /// The whole message, every name a view of the packet.
    public var message: DNSMessage {
        var message = DNSMessage()
        message.header = header
        message.questions = questions.indices.map(question(at:))
        message.answers = (0..<answerEnd).map(record(at:))
        message.authorities = (answerEnd..<authorityEnd).map(record(at:))
        message.additionals = (authorityEnd..<records.count).map(record(at:))
        message.warnings = warnings
        return message
    }

    /// The message with the fault and skipped records, as `DNSMessage.decodeLax` reports them.
    public var result: DNSDecodeResult {
        DNSDecodeResult(message: message, error: error, skippedRecords: skippedRecords)
    }

    func name(_ span: NameSpan) -> DNSName {
        span.labelBytes == 0 ? .root
            : DNSName(validatedIn: bytes, start: span.start, base: base, length: Int(span.labelBytes))
    }
}
