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

    init(_ reader: ByteReader, skipsBadRecords: Bool = false) {
        self.reader = reader
        messageRange = reader.position..<reader.limit
        self.skipsBadRecords = skipsBadRecords
    }

    /// Decodes everything, keeping what came before a fault.
    consuming func run() -> DNSDecodeResult {
        var message = DNSMessage()
        do throws(DNSError) {
            try decodeAll(into: &message)
            message.warnings = warnings
            return DNSDecodeResult(message: message, error: skipped.first, skippedRecords: skipped)
        } catch {
            message.warnings = warnings
            return DNSDecodeResult(message: message, error: skipped.first ?? error, skippedRecords: skipped)
        }
    }

    /// Decodes everything into `message` (sections appended in place), throwing at the first fault.
    mutating func decodeAll(into message: inout DNSMessage) throws(DNSError) {
        guard reader.remaining >= DNSHeader.size,
              let id = reader.readUInt16BE(), let flags = reader.readUInt16BE(),
              let qd = reader.readUInt16BE(), let an = reader.readUInt16BE(),
              let ns = reader.readUInt16BE(), let ar = reader.readUInt16BE() else {
            throw DNSError(.truncated, section: .header, offset: reader.position, needed: DNSHeader.size,
                           available: reader.remaining)
        }
        message.header = DNSHeader(id: id, flags: DNSFlags(rawValue: flags), questionCount: qd, answerCount: an,
                                   authorityCount: ns, additionalCount: ar)
        // Reserve no more than the remaining bytes could hold, so a lying count cannot force a big allocation.
        message.questions.reserveCapacity(min(Int(qd), reader.remaining / Self.minimumQuestionSize))
        for index in 0..<Int(qd) {
            message.questions.append(try readQuestion(index))
        }
        message.answers.reserveCapacity(min(Int(an), reader.remaining / Self.minimumRecordSize))
        for index in 0..<Int(an) {
            if let record = try readRecordOrSkip(.answer, index) { message.answers.append(record) }
        }
        message.authorities.reserveCapacity(min(Int(ns), reader.remaining / Self.minimumRecordSize))
        for index in 0..<Int(ns) {
            if let record = try readRecordOrSkip(.authority, index) { message.authorities.append(record) }
        }
        message.additionals.reserveCapacity(min(Int(ar), reader.remaining / Self.minimumRecordSize))
        for index in 0..<Int(ar) {
            if let record = try readRecordOrSkip(.additional, index) { message.additionals.append(record) }
        }
        if !reader.isAtEnd {
            warnings.append(DNSWarning(.trailingBytes, section: .additional, index: nil, offset: reader.position))
        }
    }

    private mutating func readName(_ section: DNSSection, _ index: Int) throws(DNSError) -> (DNSName, Bool) {
        do throws(DNSError) {
            let (name, forwardAt) = try DNSName.read(from: &reader, message: messageRange)
            if let forwardAt {
                warnings.append(DNSWarning(.forwardPointer, section: section, index: index, offset: forwardAt))
            }
            return (name, forwardAt != nil)
        } catch {
            throw error.located(section, index)
        }
    }

    private mutating func readQuestion(_ index: Int) throws(DNSError) -> DNSQuestion {
        let offset = reader.position
        let (name, _) = try readName(.question, index)
        guard reader.remaining >= 4, let type = reader.readUInt16BE(), let qclass = reader.readUInt16BE() else {
            throw DNSError(.truncated, section: .question, index: index, offset: reader.position, needed: 4,
                           available: reader.remaining)
        }
        return DNSQuestion(name: name, type: DNSType(rawValue: type), qclass: DNSClass(rawValue: qclass & 0x7FFF),
                           unicastResponse: qclass & 0x8000 != 0, offset: offset)
    }

    /// A record, or nil when it was bad but skippable (`skipsBadRecords`); other faults are thrown.
    private mutating func readRecordOrSkip(_ section: DNSSection, _ index: Int) throws(DNSError) -> DNSResourceRecord? {
        do {
            faultIsSkippable = false
            return try readRecord(section, index)
        } catch {
            guard skipsBadRecords, faultIsSkippable, skipped.count < 1024 else { throw error }
            skipped.append(error)
            return nil
        }
    }

    private mutating func readRecord(_ section: DNSSection, _ index: Int) throws(DNSError) -> DNSResourceRecord {
        let offset = reader.position
        var (name, forward) = try readName(section, index)
        guard reader.remaining >= 10 else {
            throw DNSError(.truncated, section: section, index: index, offset: reader.position, needed: 10,
                           available: reader.remaining)
        }
        // SAFETY: 10 bytes remain, checked above; one check instead of four optional reads on this hot path.
        let fixed = reader.position
        let bytes = reader.storage
        let rawType = UInt16(bytes[fixed]) << 8 | UInt16(bytes[fixed + 1])
        let rawClass = UInt16(bytes[fixed + 2]) << 8 | UInt16(bytes[fixed + 3])
        let ttl = UInt32(bytes[fixed + 4]) << 24 | UInt32(bytes[fixed + 5]) << 16 | UInt32(bytes[fixed + 6]) << 8
            | UInt32(bytes[fixed + 7])
        let rdlength = UInt16(bytes[fixed + 8]) << 8 | UInt16(bytes[fixed + 9])
        _ = reader.skip(10)
        let type = DNSType(rawValue: rawType)
        guard var rdata = reader.readReader(Int(rdlength)) else {
            throw DNSError(.truncated, section: section, index: index, offset: reader.position,
                           needed: Int(rdlength), available: reader.remaining)
        }
        let data: DNSRecordData
        // From here on the reader stands at the next record whatever the RDATA holds.
        faultIsSkippable = true
        do throws(DNSError) {
            data = try readData(type, from: &rdata, forward: &forward, section, index)
        } catch {
            var located = error.located(section, index)
            // Running out of RDATA (not of the message) means RDLENGTH and the content disagree.
            if located.kind == .truncated, located.offset <= rdata.limit, rdata.limit < messageRange.upperBound {
                located.kind = .rdataLengthMismatch
            }
            throw located
        }
        guard rdata.isAtEnd else {
            throw DNSError(.rdataLengthMismatch, section: section, index: index, offset: rdata.position,
                           needed: rdata.position - (rdata.limit - Int(rdlength)), available: Int(rdlength))
        }
        let isOPT = type == .opt
        return DNSResourceRecord(name: name, type: type, rrclass: DNSClass(rawValue: isOPT ? rawClass : rawClass & 0x7FFF),
                                 cacheFlush: !isOPT && rawClass & 0x8000 != 0, ttl: ttl, data: data, offset: offset,
                                 usesForwardPointer: forward)
    }

    private mutating func readData(_ type: DNSType, from rdata: inout ByteReader, forward: inout Bool,
                                   _ section: DNSSection, _ index: Int) throws(DNSError) -> DNSRecordData {
        switch type {
        case .a:
            guard rdata.remaining == 4, let value = rdata.readUInt32BE() else { throw mismatch(rdata, need: 4) }
            return .a(DNSIPv4Address(value))
        case .aaaa:
            guard rdata.remaining == 16, let high = rdata.readUInt64BE(), let low = rdata.readUInt64BE() else {
                throw mismatch(rdata, need: 16)
            }
            return .aaaa(DNSIPv6Address(high: high, low: low))
        case .ptr:
            return .ptr(try readDataName(&rdata, forward: &forward, section, index))
        case .srv:
            guard let priority = rdata.readUInt16BE(), let weight = rdata.readUInt16BE(),
                  let port = rdata.readUInt16BE() else { throw mismatch(rdata, need: 6) }
            let target = try readDataName(&rdata, forward: &forward, section, index)
            return .srv(DNSSRV(priority: priority, weight: weight, port: port, target: target))
        case .txt:
            let bytes = rdata.remainingBytes
            if let bad = DNSTXT.firstInvalidOffset(in: bytes) {
                throw DNSError(.rdataLengthMismatch, section: .header, offset: bad)
            }
            _ = rdata.skip(bytes.count)
            return .txt(DNSTXT(validatedRDATA: bytes))
        case .nsec:
            let next = try readDataName(&rdata, forward: &forward, section, index)
            return .nsec(DNSNSEC(nextName: next, types: try DNSNSEC.readTypes(from: &rdata)))
        case .opt:
            return .opt(DNSOPT(options: try DNSOPT.readOptions(from: &rdata)))
        case .hinfo:
            let cpu = try readCharacterString(&rdata)
            let os = try readCharacterString(&rdata)
            return .hinfo(DNSHINFO(cpu: cpu, os: os))
        default:
            let raw = Array(rdata.remainingBytes)
            _ = rdata.skip(raw.count)
            return .other(raw)
        }
    }

    private mutating func readDataName(_ rdata: inout ByteReader, forward: inout Bool, _ section: DNSSection,
                                       _ index: Int) throws(DNSError) -> DNSName {
        let (name, forwardAt) = try DNSName.read(from: &rdata, message: messageRange)
        if let forwardAt {
            forward = true
            warnings.append(DNSWarning(.forwardPointer, section: section, index: index, offset: forwardAt))
        }
        return name
    }

    private func readCharacterString(_ rdata: inout ByteReader) throws(DNSError) -> [UInt8] {
        let offset = rdata.position
        guard let length = rdata.peekUInt8() else { throw mismatch(rdata, need: 1) }
        guard rdata.remaining > Int(length) else {
            throw DNSError(.rdataLengthMismatch, section: .header, offset: offset, needed: Int(length) + 1,
                           available: rdata.remaining)
        }
        _ = rdata.skip(1)
        return rdata.readArray(Int(length)) ?? []
    }

    private func mismatch(_ rdata: ByteReader, need: Int) -> DNSError {
        DNSError(.rdataLengthMismatch, section: .header, offset: rdata.position, needed: need,
                 available: rdata.remaining)
    }
}
