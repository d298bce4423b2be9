import CastJSON
@testable import CastWire

/// Compares our decoding of every mDNS datagram in a capture with tshark's JSON dissection of the same capture,
/// field by field, and counts what it saw so tests can insist the capture covered each record kind.
struct DNSTsharkComparison {
    var mismatches: [String] = []
    var packets = 0
    var fieldsCompared = 0
    var recordTypes: Set<DNSType> = []
    var sawCacheFlush = false
    var sawUnicastQuestion = false
    var sawGoodbye = false
    var sawCastTXT = false

    init(pcap: [UInt8], tsharkJSON: [UInt8]) throws {
        let capture = try DNSPcapFile(pcap)
        let byFrame = Dictionary(capture.datagrams.map { ($0.frameNumber, $0) }, uniquingKeysWith: { first, _ in first })
        guard let entries = try JSONValue(parsing: tsharkJSON).arrayValue else {
            mismatches.append("tshark JSON is not an array")
            return
        }
        for entry in entries {
            let layers = entry["_source"]?["layers"]
            guard let frameText = layers?["frame"]?["frame.number"]?.stringValue, let frame = Int(frameText),
                  let mdns = layers?["mdns"]?.objectValue else {
                mismatches.append("tshark entry without frame number or mdns layer")
                continue
            }
            guard let datagram = byFrame[frame] else {
                mismatches.append("frame \(frame): no UDP datagram in our pcap reading")
                continue
            }
            packets += 1
            compare(frame: frame, payload: datagram.payload, mdns: mdns)
        }
    }

    private mutating func check(_ frame: Int, _ what: String, ours: String, theirs: String?) {
        fieldsCompared += 1
        if ours != theirs { mismatches.append("frame \(frame) \(what): ours \(ours), tshark \(theirs ?? "absent")") }
    }

    private mutating func compare(frame: Int, payload: [UInt8], mdns: JSONObject) {
        let message: DNSMessage
        do {
            message = try DNSMessage(decoding: payload)
        } catch {
            mismatches.append("frame \(frame): we failed: \(error)")
            return
        }
        if !message.warnings.isEmpty { mismatches.append("frame \(frame): unexpected warnings \(message.warnings)") }
        let dump = DNSMessageDump.json(for: payload)
        if dump.error != nil || dump.json.flatMap({ try? JSONValue(parsing: $0) }) == nil {
            mismatches.append("frame \(frame): JSON dump failed: \(dump.error ?? "unparseable")")
        }
        let header = message.header
        check(frame, "id", ours: hex(UInt32(header.id)), theirs: mdns["dns.id"]?.stringValue)
        check(frame, "flags", ours: hex(UInt32(header.flags.rawValue)), theirs: mdns["dns.flags"]?.stringValue)
        if let tree = mdns["dns.flags_tree"]?.objectValue {
            let flags = header.flags
            let ours: [(String, Int)] = [
                ("response", flags.qr ? 1 : 0), ("opcode", Int(flags.opcode)), ("authoritative", flags.aa ? 1 : 0),
                ("truncated", flags.tc ? 1 : 0), ("recdesired", flags.rd ? 1 : 0), ("recavail", flags.ra ? 1 : 0),
                ("z", flags.z ? 1 : 0), ("authenticated", flags.ad ? 1 : 0), ("checkdisable", flags.cd ? 1 : 0),
                ("rcode", Int(flags.rcode)),
            ]
            for (name, value) in ours where tree["dns.flags.\(name)"] != nil {
                check(frame, "flags.\(name)", ours: String(value), theirs: tree["dns.flags.\(name)"]?.stringValue)
            }
        }
        check(frame, "qdcount", ours: String(header.questionCount), theirs: mdns["dns.count.queries"]?.stringValue)
        check(frame, "ancount", ours: String(header.answerCount), theirs: mdns["dns.count.answers"]?.stringValue)
        check(frame, "nscount", ours: String(header.authorityCount), theirs: mdns["dns.count.auth_rr"]?.stringValue)
        check(frame, "arcount", ours: String(header.additionalCount), theirs: mdns["dns.count.add_rr"]?.stringValue)

        let questions = flatten(mdns["Queries"])
        check(frame, "question count", ours: String(message.questions.count), theirs: String(questions.count))
        for (index, (question, theirs)) in zip(message.questions, questions).enumerated() {
            let at = "question \(index)"
            check(frame, "\(at) name", ours: tsharkName(question.name), theirs: theirs["dns.qry.name"]?.stringValue)
            check(frame, "\(at) type", ours: String(question.type.rawValue), theirs: theirs["dns.qry.type"]?.stringValue)
            check(frame, "\(at) class", ours: hex(UInt32(question.qclass.rawValue)),
                  theirs: theirs["dns.qry.class"]?.stringValue)
            check(frame, "\(at) unicast", ours: question.unicastResponse ? "1" : "0",
                  theirs: theirs["dns.qry.qu"]?.stringValue)
            sawUnicastQuestion = sawUnicastQuestion || question.unicastResponse
        }
        let sections: [(String, [DNSResourceRecord], String)] = [
            ("answer", message.answers, "Answers"), ("authority", message.authorities, "Authoritative nameservers"),
            ("additional", message.additionals, "Additional records"),
        ]
        for (name, records, key) in sections {
            let theirs = flatten(mdns[key])
            check(frame, "\(name) count", ours: String(records.count), theirs: String(theirs.count))
            for (index, (record, other)) in zip(records, theirs).enumerated() {
                compare(frame: frame, at: "\(name) \(index)", record: record, theirs: other)
            }
        }
    }

    private mutating func compare(frame: Int, at: String, record: DNSResourceRecord, theirs: JSONObject) {
        recordTypes.insert(record.type)
        sawCacheFlush = sawCacheFlush || record.cacheFlush
        sawGoodbye = sawGoodbye || record.ttl == 0
        var theirName = theirs["dns.resp.name"]?.stringValue
        if theirName == nil, let service = theirs["dns.srv.service"]?.stringValue,
           let proto = theirs["dns.srv.proto"]?.stringValue, let rest = theirs["dns.srv.name"]?.stringValue {
            theirName = "\(service).\(proto).\(rest)"  // tshark splits SRV owner names into these three fields
        }
        check(frame, "\(at) name", ours: tsharkName(record.name), theirs: theirName)
        // For NSEC tshark repeats dns.resp.type for every type in the bitmap, after the record's own type.
        let theirTypes = strings(theirs["dns.resp.type"])
        check(frame, "\(at) type", ours: String(record.type.rawValue), theirs: theirTypes.first)
        check(frame, "\(at) class", ours: hex(UInt32(record.rrclass.rawValue)), theirs: theirs["dns.resp.class"]?.stringValue)
        check(frame, "\(at) cache flush", ours: record.cacheFlush ? "1" : "0",
              theirs: theirs["dns.resp.cache_flush"]?.stringValue)
        check(frame, "\(at) ttl", ours: String(record.ttl), theirs: theirs["dns.resp.ttl"]?.stringValue)
        if [.a, .aaaa, .txt].contains(record.type) {
            // RDLENGTH is only comparable where no compressed name can shorten it.
            check(frame, "\(at) rdlength", ours: String(DNSWriter.rdata(for: record.data).count),
                  theirs: theirs["dns.resp.len"]?.stringValue)
        }
        switch record.data {
        case .a(let address):
            check(frame, "\(at) address", ours: address.description, theirs: theirs["dns.a"]?.stringValue)
        case .aaaa(let address):
            check(frame, "\(at) address", ours: address.description, theirs: theirs["dns.aaaa"]?.stringValue)
        case .ptr(let target):
            check(frame, "\(at) ptr", ours: tsharkName(target), theirs: theirs["dns.ptr.domain_name"]?.stringValue)
        case .srv(let srv):
            check(frame, "\(at) priority", ours: String(srv.priority), theirs: theirs["dns.srv.priority"]?.stringValue)
            check(frame, "\(at) weight", ours: String(srv.weight), theirs: theirs["dns.srv.weight"]?.stringValue)
            check(frame, "\(at) port", ours: String(srv.port), theirs: theirs["dns.srv.port"]?.stringValue)
            check(frame, "\(at) target", ours: tsharkName(srv.target), theirs: theirs["dns.srv.target"]?.stringValue)
        case .txt(let txt):
            let ours = txt.strings
            let texts = strings(theirs["dns.txt"])
            let lengths = strings(theirs["dns.txt.length"])
            check(frame, "\(at) txt count", ours: String(ours.count), theirs: String(texts.count))
            for (index, string) in ours.enumerated() {
                check(frame, "\(at) txt \(index)", ours: String(decoding: string, as: UTF8.self),
                      theirs: index < texts.count ? texts[index] : nil)
                check(frame, "\(at) txt \(index) length", ours: String(string.count),
                      theirs: index < lengths.count ? lengths[index] : nil)
            }
            if DNSMessageDump.isCastInstance(record.name) {
                sawCastTXT = true
                let cast = CastTXTRecord(txt: txt)
                if !cast.hasValidID || cast.capabilities == nil || cast.friendlyName == nil {
                    mismatches.append("frame \(frame) \(at): Cast TXT did not decode: \(cast.diagnostics)")
                }
            }
        case .nsec(let nsec):
            check(frame, "\(at) nsec next", ours: tsharkName(nsec.nextName),
                  theirs: theirs["dns.nsec.next_domain_name"]?.stringValue)
            check(frame, "\(at) nsec types", ours: nsec.types.map { String($0.rawValue) }.joined(separator: ","),
                  theirs: theirTypes.dropFirst().joined(separator: ","))
        case .opt, .hinfo, .other:
            break
        }
    }

    /// tshark's form of a name: labels joined by dots, no trailing dot, "<Root>" for the root.
    private func tsharkName(_ name: DNSName) -> String {
        if name.isRoot { return "<Root>" }
        return name.labels.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ".")
    }

    /// Members of a tshark section in order; `--no-duplicate-keys` turns repeated keys into arrays.
    private func flatten(_ section: JSONValue?) -> [JSONObject] {
        guard let object = section?.objectValue else { return [] }
        return object.members.flatMap { member -> [JSONObject] in
            if let array = member.value.arrayValue { return array.compactMap(\.objectValue) }
            return member.value.objectValue.map { [$0] } ?? []
        }
    }

    /// A field that is one string or, when repeated, an array of strings.
    private func strings(_ value: JSONValue?) -> [String] {
        if let array = value?.arrayValue { return array.compactMap(\.stringValue) }
        return value?.stringValue.map { [$0] } ?? []
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
