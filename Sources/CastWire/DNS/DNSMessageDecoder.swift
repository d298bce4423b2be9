/// Walks one message section by section, keeping everything decoded before the first fault.
struct DNSMessageDecoder {
    /// The smallest possible question: root name + type + class.
    static let minimumQuestionSize = 5
    /// The smallest possible record: root name + type, class, TTL, RDLENGTH.
    static let minimumRecordSize = 11

    private var reader: ByteReader
    private let messageRange: Range<Int>
    /// Warnings so far; kept apart from the message so the sections can be filled in place.
    private(set) var warnings: [DNSWarning] = []
    /// Go on after a record whose RDATA is bad but whose RDLENGTH keeps it inside the message (as python-zeroconf
    /// does): the lax decode skips it, reports it, and decodes the rest.
    private let skipsBadRecords: Bool
    /// Records skipped that way, in order.
    private(set) var skipped: [DNSError] = []
    /// True when the fault just thrown by `readRecord` left the reader at the next record.
    private var faultIsSkippable = false
    /// Name suffixes this message's pointers led to, already walked and found valid.
    private var suffixMemo = DNSName.SuffixMemo()

    init(_ reader: ByteReader, skipsBadRecords: Bool = false) {
        self.reader = reader
        messageRange = reader.position..<reader.limit
        self.skipsBadRecords = skipsBadRecords
    }

    /// Decodes everything, keeping what came before a fault.
    consuming func run() -> DNSDecodeResult { runLayout().result }

    /// Decodes everything into a layout, keeping what came before a fault (the fault and skipped records in it).
    consuming func runLayout() -> DNSMessageLayout {
        var layout = DNSMessageLayout(bytes: reader.storage, base: messageRange.lowerBound)
        do throws(DNSError) {
            try decodeAll(into: &layout)
            layout.error = skipped.first
        } catch {
            layout.error = skipped.first ?? error
        }
        layout.warnings = warnings
        layout.skippedRecords = skipped
        return layout
    }

    /// Decodes everything into `layout` (slots appended in place), throwing at the first fault.
    mutating func decodeAll(into layout: inout DNSMessageLayout) throws(DNSError) {
        guard reader.remaining >= DNSHeader.size,
              let id = reader.readUInt16BE(), let flags = reader.readUInt16BE(),
              let qd = reader.readUInt16BE(), let an = reader.readUInt16BE(),
              let ns = reader.readUInt16BE(), let ar = reader.readUInt16BE() else {
            throw DNSError(.truncated, section: .header, offset: reader.position, needed: DNSHeader.size,
                           available: reader.remaining)
        }
        layout.header = DNSHeader(id: id, flags: DNSFlags(rawValue: flags), questionCount: qd, answerCount: an,
                                  authorityCount: ns, additionalCount: ar)
        // Reserve no more than the remaining bytes could hold, so a lying count cannot force a big allocation.
        layout.questions.reserveCapacity(min(Int(qd), reader.remaining / Self.minimumQuestionSize))
        for index in 0..<Int(qd) {
            layout.questions.append(try readQuestion(index))
        }
        let records = Int(an) + Int(ns) + Int(ar)
        layout.records.reserveCapacity(min(records, reader.remaining / Self.minimumRecordSize))
        // The section ends move with every record, so a fault leaves them right for what decoded.
        for index in 0..<Int(an) {
            guard let record = try readRecordOrSkip(.answer, index, &layout) else { continue }
            layout.records.append(record)
            layout.answerEnd = layout.records.count
            layout.authorityEnd = layout.records.count
        }
        for index in 0..<Int(ns) {
            guard let record = try readRecordOrSkip(.authority, index, &layout) else { continue }
            layout.records.append(record)
            layout.authorityEnd = layout.records.count
        }
        for index in 0..<Int(ar) {
            if let record = try readRecordOrSkip(.additional, index, &layout) { layout.records.append(record) }
        }
        if !reader.isAtEnd {
            warnings.append(DNSWarning(.trailingBytes, section: .additional, index: nil, offset: reader.position))
        }
    }

    private mutating func readName(_ section: DNSSection, _ index: Int) throws(DNSError)
        -> (DNSMessageLayout.NameSpan, Bool) {
        do throws(DNSError) {
            let (name, forwardAt) = try DNSName.read(from: &reader, message: messageRange, memo: &suffixMemo)
            if let forwardAt {
                warnings.append(DNSWarning(.forwardPointer, section: section, index: index, offset: forwardAt))
            }
            return (name, forwardAt != nil)
        } catch {
            throw error.located(section, index)
        }
    }

    private mutating func readQuestion(_ index: Int) throws(DNSError) -> DNSMessageLayout.QuestionSlot {
        let offset = reader.position
        let (name, _) = try readName(.question, index)
        guard reader.remaining >= 4, let type = reader.readUInt16BE(), let qclass = reader.readUInt16BE() else {
            throw DNSError(.truncated, section: .question, index: index, offset: reader.position, needed: 4,
                           available: reader.remaining)
        }
        return DNSMessageLayout.QuestionSlot(name: name, type: DNSType(rawValue: type), rawClass: qclass,
                                             offset: offset)
    }

    /// A record, or nil when it was bad but skippable (`skipsBadRecords`); other faults are thrown.
    private mutating func readRecordOrSkip(_ section: DNSSection, _ index: Int,
                                           _ layout: inout DNSMessageLayout) throws(DNSError)
        -> DNSMessageLayout.RecordSlot? {
        do {
            faultIsSkippable = false
            return try readRecord(section, index, &layout)
        } catch {
            guard skipsBadRecords, faultIsSkippable, skipped.count < 1024 else { throw error }
            skipped.append(error)
            return nil
        }
    }

    private mutating func readRecord(_ section: DNSSection, _ index: Int,
                                     _ layout: inout DNSMessageLayout) throws(DNSError) -> DNSMessageLayout.RecordSlot {
        let offset = reader.position
        var (name, forward) = try readName(section, index)
        guard reader.remaining >= 10 else {
            throw DNSError(.truncated, section: section, index: index, offset: reader.position, needed: 10,
                           available: reader.remaining)
        }
        // SAFETY: 10 bytes remain, checked above; one check instead of four optional reads on this hot path.
        let fixed = reader.position
        let (rawType, rawClass, ttl, rdlength) = reader.storage.withUnsafeBufferPointer { bytes in
            (UInt16(bytes[fixed]) << 8 | UInt16(bytes[fixed + 1]), UInt16(bytes[fixed + 2]) << 8 | UInt16(bytes[fixed + 3]),
             UInt32(bytes[fixed + 4]) << 24 | UInt32(bytes[fixed + 5]) << 16 | UInt32(bytes[fixed + 6]) << 8
                | UInt32(bytes[fixed + 7]),
             UInt16(bytes[fixed + 8]) << 8 | UInt16(bytes[fixed + 9]))
        }
        _ = reader.skip(10)
        let type = DNSType(rawValue: rawType)
        let rdataEnd = reader.position + Int(rdlength)
        guard reader.remaining >= Int(rdlength) else {
            throw DNSError(.truncated, section: section, index: index, offset: reader.position,
                           needed: Int(rdlength), available: reader.remaining)
        }
        let data: DNSMessageLayout.DataSlot
        // From here on the reader stands at the next record whatever the RDATA holds: it reads the RDATA bounded to
        // RDLENGTH (the message reader itself, narrowed: a reader of its own would take a reference per record).
        faultIsSkippable = true
        let messageLimit = reader.limit
        reader.narrow(to: rdataEnd)
        defer { reader.widen(to: messageLimit, at: rdataEnd) }
        do throws(DNSError) {
            data = try readData(type, forward: &forward, section, index, &layout)
        } catch {
            var located = error.located(section, index)
            // Running out of RDATA (not of the message) means RDLENGTH and the content disagree.
            if located.kind == .truncated, located.offset <= rdataEnd, rdataEnd < messageRange.upperBound {
                located.kind = .rdataLengthMismatch
            }
            throw located
        }
        guard reader.isAtEnd else {
            throw DNSError(.rdataLengthMismatch, section: section, index: index, offset: reader.position,
                           needed: reader.position - (rdataEnd - Int(rdlength)), available: Int(rdlength))
        }
        return DNSMessageLayout.RecordSlot(name: name, type: type, rawClass: rawClass, ttl: ttl, offset: offset,
                                           usesForwardPointer: forward, data: data)
    }

    private mutating func readData(_ type: DNSType, forward: inout Bool,
                                   _ section: DNSSection, _ index: Int,
                                   _ layout: inout DNSMessageLayout) throws(DNSError) -> DNSMessageLayout.DataSlot {
        switch type {
        case .a:
            guard reader.remaining == 4, let value = reader.readUInt32BE() else { throw mismatch(need: 4) }
            return .a(DNSIPv4Address(value))
        case .aaaa:
            guard reader.remaining == 16, let high = reader.readUInt64BE(), let low = reader.readUInt64BE() else {
                throw mismatch(need: 16)
            }
            return .aaaa(DNSIPv6Address(high: high, low: low))
        case .ptr:
            return .ptr(try readDataName(forward: &forward, section, index))
        case .srv:
            guard let priority = reader.readUInt16BE(), let weight = reader.readUInt16BE(),
                  let port = reader.readUInt16BE() else { throw mismatch(need: 6) }
            let target = try readDataName(forward: &forward, section, index)
            return .srv(priority: priority, weight: weight, port: port, target: target)
        case .txt:
            let bytes = reader.remainingBytes
            if let bad = DNSTXT.firstInvalidOffset(in: bytes) {
                throw DNSError(.rdataLengthMismatch, section: .header, offset: bad)
            }
            _ = reader.skip(bytes.count)
            return .txt(bytes.indices)
        default:
            // The rare types are built now, as the model has them, and kept aside.
            let data = try readRareData(type, forward: &forward, section, index, layout)
            layout.stored.append(data)
            return .stored(layout.stored.count - 1)
        }
    }

    private mutating func readRareData(_ type: DNSType, forward: inout Bool,
                                       _ section: DNSSection, _ index: Int,
                                       _ layout: DNSMessageLayout) throws(DNSError) -> DNSRecordData {
        switch type {
        case .nsec:
            let next = layout.name(try readDataName(forward: &forward, section, index))
            return .nsec(DNSNSEC(nextName: next, types: try DNSNSEC.readTypes(from: &reader)))
        case .opt:
            return .opt(DNSOPT(options: try DNSOPT.readOptions(from: &reader)))
        case .hinfo:
            let cpu = try readCharacterString()
            let os = try readCharacterString()
            return .hinfo(DNSHINFO(cpu: cpu, os: os))
        default:
            let raw = Array(reader.remainingBytes)
            _ = reader.skip(raw.count)
            return .other(raw)
        }
    }

    private mutating func readDataName(forward: inout Bool, _ section: DNSSection,
                                       _ index: Int) throws(DNSError) -> DNSMessageLayout.NameSpan {
        let (name, forwardAt) = try DNSName.read(from: &reader, message: messageRange, memo: &suffixMemo)
        if let forwardAt {
            forward = true
            warnings.append(DNSWarning(.forwardPointer, section: section, index: index, offset: forwardAt))
        }
        return name
    }

    private mutating func readCharacterString() throws(DNSError) -> [UInt8] {
        let offset = reader.position
        guard let length = reader.peekUInt8() else { throw mismatch(need: 1) }
        guard reader.remaining > Int(length) else {
            throw DNSError(.rdataLengthMismatch, section: .header, offset: offset, needed: Int(length) + 1,
                           available: reader.remaining)
        }
        _ = reader.skip(1)
        return reader.readArray(Int(length)) ?? []
    }

    private func mismatch(need: Int) -> DNSError {
        DNSError(.rdataLengthMismatch, section: .header, offset: reader.position, needed: need,
                 available: reader.remaining)
    }
}
