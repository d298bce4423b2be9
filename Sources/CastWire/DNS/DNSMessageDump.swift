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
        var object = JSONObject()
        object.appendUnchecked("id", .int(Int64(message.id)))
        let flags = message.flags
        object.appendUnchecked("flags", .object(JSONObject([
            JSONMember(key: "qr", value: .bool(flags.qr)), JSONMember(key: "opcode", value: .int(Int64(flags.opcode))),
            JSONMember(key: "aa", value: .bool(flags.aa)), JSONMember(key: "tc", value: .bool(flags.tc)),
            JSONMember(key: "rd", value: .bool(flags.rd)), JSONMember(key: "ra", value: .bool(flags.ra)),
            JSONMember(key: "rcode", value: .int(Int64(flags.rcode))),
        ])))
        object.appendUnchecked("questions", .array(message.questions.map { question in
            var item = JSONObject()
            item.appendUnchecked("name", .string(question.name.description))
            item.appendUnchecked("type", .string(question.type.description))
            item.appendUnchecked("class", .string(question.qclass.description))
            item.appendUnchecked("unicastResponse", .bool(question.unicastResponse))
            return .object(item)
        }))
        object.appendUnchecked("answers", .array(message.answers.map(jsonValue(for:))))
        object.appendUnchecked("authorities", .array(message.authorities.map(jsonValue(for:))))
        object.appendUnchecked("additionals", .array(message.additionals.map(jsonValue(for:))))
        if !message.warnings.isEmpty {
            object.appendUnchecked("warnings", .array(message.warnings.map { .string($0.description) }))
        }
        return .object(object)
    }

    /// One resource record as a JSON value.
    public static func jsonValue(for record: DNSResourceRecord) -> JSONValue {
        var object = JSONObject()
        object.appendUnchecked("name", .string(record.name.description))
        object.appendUnchecked("type", .string(record.type.description))
        object.appendUnchecked("class", .string(record.rrclass.description))
        object.appendUnchecked("cacheFlush", .bool(record.cacheFlush))
        object.appendUnchecked("ttl", .int(Int64(record.ttl)))
        object.appendUnchecked("data", data(record))
        return .object(object)
    }

    private static func data(_ record: DNSResourceRecord) -> JSONValue {
        var data = JSONObject()
        switch record.data {
        case .a(let address):
            data.appendUnchecked("address", .string(address.description))
        case .aaaa(let address):
            data.appendUnchecked("address", .string(address.description))
        case .ptr(let target):
            data.appendUnchecked("target", .string(target.description))
        case .srv(let srv):
            data.appendUnchecked("priority", .int(Int64(srv.priority)))
            data.appendUnchecked("weight", .int(Int64(srv.weight)))
            data.appendUnchecked("port", .int(Int64(srv.port)))
            data.appendUnchecked("target", .string(srv.target.description))
        case .txt(let txt):
            data.appendUnchecked("strings", .array(txt.strings.map { .string(String(decoding: $0, as: UTF8.self)) }))
            if isCastInstance(record.name) {
                data.appendUnchecked("cast", CastTXTRecord(txt: txt).jsonValue)
            }
        case .nsec(let nsec):
            data.appendUnchecked("nextName", .string(nsec.nextName.description))
            data.appendUnchecked("types", .array(nsec.types.map { .string($0.description) }))
            data.appendUnchecked("rdata", .string(HexText.string(from: DNSWriter.rdata(for: record.data))))
        case .hinfo(let hinfo):
            data.appendUnchecked("cpu", .string(String(decoding: hinfo.cpu, as: UTF8.self)))
            data.appendUnchecked("os", .string(String(decoding: hinfo.os, as: UTF8.self)))
            data.appendUnchecked("rdata", .string(HexText.string(from: DNSWriter.rdata(for: record.data))))
        case .opt(let opt):
            data.appendUnchecked("options", .array(opt.options.map { option in
                .object(JSONObject([JSONMember(key: "code", value: .int(Int64(option.code))),
                                    JSONMember(key: "data", value: .string(HexText.string(from: option.data)))]))
            }))
            data.appendUnchecked("rdata", .string(HexText.string(from: DNSWriter.rdata(for: record.data))))
        case .other(let bytes):
            data.appendUnchecked("rdata", .string(HexText.string(from: bytes)))
        }
        return .object(data)
    }

    /// True for `<instance>._googlecast._tcp.<domain>` (case-insensitive), the owners of Cast TXT records.
    static func isCastInstance(_ name: DNSName) -> Bool {
        name.labelCount >= 4 && name.label(1, equalsIgnoringCase: "_googlecast")
            && name.label(2, equalsIgnoringCase: "_tcp")
    }
}
