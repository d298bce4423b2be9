public import CastJSON

/// The JSON form of a DNS message that `castscope decode dns` prints (issue 3).
///
/// `{"id", "flags": {"qr","opcode","aa","tc","rd","ra","rcode"}, "questions": [{"name","type","class",
/// "unicastResponse"}], "answers"/"authorities"/"additionals": [{"name","type","class","cacheFlush","ttl","data"}]}`
/// with `data` per type: A/AAAA `address`; PTR `target`; SRV `priority, weight, port, target`; TXT `strings` and,
/// for `_googlecast` instances, `cast` (the decoded TXT model); every other type `rdata` (hex), with `nextName` and
/// `types` for NSEC, `cpu` and `os` for HINFO, `options` for OPT. Names end with a dot. A `warnings` array (forward
/// compression pointers, trailing bytes) is added only when there is something to report.
public enum DNSMessageDump {
    /// Decodes `bytes` and renders them: on a fault, `json` holds what decoded before it (nil when not even the
    /// header did) and `error` the fault, e.g. "answer 2: truncated at byte 40: need 10, have 3".
    public static func json(for bytes: [UInt8]) -> (json: String?, error: String?) {
        let result = DNSMessage.decodeLax(bytes)
        let headerDecoded = !(result.error?.section == .header)
        return (headerDecoded ? jsonValue(for: result.message).serialized() : nil, result.error?.description)
    }

    /// Reads hex text (whitespace ignored), then behaves like `json(for:)`.
    public static func json(forHex text: String) -> (json: String?, error: String?) {
        do throws(HexText.DecodeError) {
            return json(for: try HexText.bytes(from: text))
        } catch {
            return (nil, error.description)
        }
    }

    /// The message as a JSON value.
    public static func jsonValue(for message: DNSMessage) -> JSONValue {
        var tree = JSONTreeEmitter()
        emit(message, into: &tree)
        return tree.result
    }

    /// One resource record as a JSON value.
    public static func jsonValue(for record: DNSResourceRecord) -> JSONValue {
        var tree = JSONTreeEmitter()
        emit(record, into: &tree)
        return tree.result
    }

    /// Appends the message's compact JSON text to `bytes` (the text of `jsonValue(for:).serialized()`, written
    /// directly; specialised here, where the emitter is known).
    public static func appendJSON(_ message: DNSMessage, to buffer: inout OutputBuffer,
                                  txtCache: CastTXTJSONCache? = nil) {
        var out = JSONByteEmitter(appendingTo: buffer)
        emit(message, into: &out, txtCache: txtCache)
        buffer = out.finish()
    }

    /// Writes the message's JSON to `emitter`: the same members as `jsonValue(for:)`, in the same order, so text
    /// written straight into an output buffer equals the serialized tree.
    /// `txtCache` renders each distinct Cast TXT record once.
    public static func emit<Emitter: JSONEmitter & ~Copyable>(_ message: DNSMessage, into out: inout Emitter,
                                                  txtCache: CastTXTJSONCache? = nil) {
        emitHead(message.header, into: &out)
        for question in message.questions { emit(question, into: &out) }
        out.endArray()
        out.key("answers"); emit(message.answers, into: &out, txtCache: txtCache)
        out.key("authorities"); emit(message.authorities, into: &out, txtCache: txtCache)
        out.key("additionals"); emit(message.additionals, into: &out, txtCache: txtCache)
        emitTail(message.warnings, into: &out)
    }

    /// Opens the message object and writes `id`, `flags` and the opening of `questions`.
    static func emitHead<Emitter: JSONEmitter & ~Copyable>(_ header: DNSHeader, into out: inout Emitter) {
        out.beginObject()
        out.key("id")
        out.int(Int64(header.id))
        let flags = header.flags
        out.key("flags")
        out.beginObject()
        out.key("qr"); out.bool(flags.qr)
        out.key("opcode"); out.int(Int64(flags.opcode))
        out.key("aa"); out.bool(flags.aa)
        out.key("tc"); out.bool(flags.tc)
        out.key("rd"); out.bool(flags.rd)
        out.key("ra"); out.bool(flags.ra)
        out.key("rcode"); out.int(Int64(flags.rcode))
        out.endObject()
        out.key("questions")
        out.beginArray()
    }

    private static func emit<Emitter: JSONEmitter & ~Copyable>(_ question: DNSQuestion, into out: inout Emitter) {
        out.beginObject()
        out.key("name"); out.string(question.name)
        out.key("type"); mnemonic(question.type.mnemonic, question.type.description, into: &out)
        out.key("class"); mnemonic(question.qclass.mnemonic, question.qclass.description, into: &out)
        out.key("unicastResponse"); out.bool(question.unicastResponse)
        out.endObject()
    }

    /// Writes `warnings` when there are any and closes the message object.
    static func emitTail<Emitter: JSONEmitter & ~Copyable>(_ warnings: [DNSWarning], into out: inout Emitter) {
        if !warnings.isEmpty {
            out.key("warnings")
            out.beginArray()
            for warning in warnings { out.string(warning.description) }
            out.endArray()
        }
        out.endObject()
    }

    /// A section's records as an array.
    private static func emit<Emitter: JSONEmitter & ~Copyable>(_ records: [DNSResourceRecord], into out: inout Emitter,
                                                               txtCache: CastTXTJSONCache?) {
        out.beginArray()
        for record in records { emit(record, into: &out, txtCache: txtCache) }
        out.endArray()
    }

    /// One record: name, type, class, cacheFlush, ttl, data.
    static func emit<Emitter: JSONEmitter & ~Copyable>(_ record: DNSResourceRecord, into out: inout Emitter,
                                                       txtCache: CastTXTJSONCache? = nil) {
        out.beginObject()
        out.key("name"); out.string(record.name)
        out.key("type"); mnemonic(record.type.mnemonic, record.type.description, into: &out)
        out.key("class"); mnemonic(record.rrclass.mnemonic, record.rrclass.description, into: &out)
        out.key("cacheFlush"); out.bool(record.cacheFlush)
        out.key("ttl"); out.int(Int64(record.ttl))
        out.key("data")
        data(record, into: &out, txtCache: txtCache)
        out.endObject()
    }

    /// A type's or class's mnemonic without making a String, or its `TYPE<n>`/`CLASS<n>` text.
    @inline(__always)
    static func mnemonic<Emitter: JSONEmitter & ~Copyable>(_ literal: StaticString?,
                                                                   _ description: @autoclosure () -> String,
                                                                   into out: inout Emitter) {
        if let literal { out.string(literal) } else { out.string(description()) }
    }

    static func data<Emitter: JSONEmitter & ~Copyable>(_ record: DNSResourceRecord, into out: inout Emitter,
                                                               txtCache: CastTXTJSONCache?) {
        out.beginObject()
        switch record.data {
        case .a(let address):
            out.key("address"); out.string(address)
        case .aaaa(let address):
            out.key("address"); out.string(address)
        case .ptr(let target):
            out.key("target"); out.string(target)
        case .srv(let srv):
            out.key("priority"); out.int(Int64(srv.priority))
            out.key("weight"); out.int(Int64(srv.weight))
            out.key("port"); out.int(Int64(srv.port))
            out.key("target"); out.string(srv.target)
        case .txt(let txt):
            out.key("strings")
            out.beginArray()
            txt.forEachString { string in string.withUnsafeBufferPointer { out.string(utf8: $0) } }
            out.endArray()
            if isCastInstance(record.name) {
                out.key("cast")
                if let txtCache {
                    let cached = txtCache.json(for: txt)
                    out.value(cached.value, serialized: cached.serialized)
                } else {
                    out.value(CastTXTRecord(txt: txt).jsonValue)
                }
            }
        case .nsec(let nsec):
            out.key("nextName"); out.string(nsec.nextName)
            out.key("types")
            out.beginArray()
            for type in nsec.types { out.string(type.description) }
            out.endArray()
            out.key("rdata"); out.string(HexText.string(from: DNSWriter.rdata(for: record.data)))
        case .hinfo(let hinfo):
            out.key("cpu"); out.string(utf8: hinfo.cpu)
            out.key("os"); out.string(utf8: hinfo.os)
            out.key("rdata"); out.string(HexText.string(from: DNSWriter.rdata(for: record.data)))
        case .opt(let opt):
            out.key("options")
            out.beginArray()
            for option in opt.options {
                out.beginObject()
                out.key("code"); out.int(Int64(option.code))
                out.key("data"); out.string(HexText.string(from: option.data))
                out.endObject()
            }
            out.endArray()
            out.key("rdata"); out.string(HexText.string(from: DNSWriter.rdata(for: record.data)))
        case .other(let bytes):
            out.key("rdata"); out.string(HexText.string(from: bytes))
        }
        out.endObject()
    }

    /// True for `<instance>._googlecast._tcp.<domain>` (case-insensitive), the owners of Cast TXT records.
    static func isCastInstance(_ name: DNSName) -> Bool {
        name.labelCount >= 4 && name.label(1, equalsIgnoringCase: "_googlecast")
            && name.label(2, equalsIgnoringCase: "_tcp")
    }
}
