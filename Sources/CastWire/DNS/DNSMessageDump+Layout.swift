public import CastJSON

extension DNSMessageDump {
    /// Appends a layout's compact JSON text to `buffer`: the text `appendJSON(layout.message, …)` writes, with the
    /// names copied straight from the packet (no model built for questions and A, AAAA, PTR and SRV records, the bulk
    /// of mDNS traffic; the other types go through the model).
    public static func appendJSON(_ layout: DNSMessageLayout, to buffer: inout OutputBuffer,
                                  txtCache: CastTXTJSONCache? = nil) {
        var rendered = DNSName.RenderedSuffixes()
        // SAFETY: `rendered` outlives every name place made here; the places live only inside this closure.
        withUnsafeMutablePointer(to: &rendered) { rendered in layout.bytes.withUnsafeBufferPointer { bytes in
            var out = JSONByteEmitter(appendingTo: buffer)
            emitHead(layout.header, into: &out)
            for question in layout.questions {
                out.beginObject()
                out.key("name")
                out.string(NamePlace(bytes: bytes, span: question.name, base: layout.base, rendered: rendered))
                let type = question.type, qclass = DNSClass(rawValue: question.rawClass & 0x7FFF)
                out.key("type"); mnemonic(type.mnemonic, type.description, into: &out)
                out.key("class"); mnemonic(qclass.mnemonic, qclass.description, into: &out)
                out.key("unicastResponse"); out.bool(question.rawClass & 0x8000 != 0)
                out.endObject()
            }
            out.endArray()
            let sections: [(StaticString, Range<Int>)] = [
                ("answers", 0..<layout.answerEnd), ("authorities", layout.answerEnd..<layout.authorityEnd),
                ("additionals", layout.authorityEnd..<layout.records.count),
            ]
            for (key, range) in sections {
                out.key(key)
                out.beginArray()
                for index in range {
                    emitRecord(index, of: layout, bytes: bytes, rendered: rendered, into: &out, txtCache: txtCache)
                }
                out.endArray()
            }
            emitTail(layout.warnings, into: &out)
            buffer = out.finish()
        } }
    }

    private static func emitRecord(_ index: Int, of layout: DNSMessageLayout, bytes: UnsafeBufferPointer<UInt8>,
                                   rendered: UnsafeMutablePointer<DNSName.RenderedSuffixes>,
                                   into out: inout JSONByteEmitter, txtCache: CastTXTJSONCache?) {
        let slot = layout.records[index]
        switch slot.data {
        case .txt, .stored:
            emit(layout.record(at: index), into: &out, txtCache: txtCache)
            return
        default: break
        }
        let place = { (span: DNSMessageLayout.NameSpan) in
            NamePlace(bytes: bytes, span: span, base: layout.base, rendered: rendered)
        }
        let isOPT = slot.type == .opt
        let rrclass = DNSClass(rawValue: isOPT ? slot.rawClass : slot.rawClass & 0x7FFF)
        out.beginObject()
        out.key("name"); out.string(place(slot.name))
        out.key("type"); mnemonic(slot.type.mnemonic, slot.type.description, into: &out)
        out.key("class"); mnemonic(rrclass.mnemonic, rrclass.description, into: &out)
        out.key("cacheFlush"); out.bool(!isOPT && slot.rawClass & 0x8000 != 0)
        out.key("ttl"); out.int(Int64(slot.ttl))
        out.key("data")
        out.beginObject()
        switch slot.data {
        case .a(let address):
            out.key("address"); out.string(address)
        case .aaaa(let address):
            out.key("address"); out.string(address)
        case .ptr(let target):
            out.key("target"); out.string(place(target))
        case .srv(let priority, let weight, let port, let target):
            out.key("priority"); out.int(Int64(priority))
            out.key("weight"); out.int(Int64(weight))
            out.key("port"); out.int(Int64(port))
            out.key("target"); out.string(place(target))
        case .txt, .stored:
            break
        }
        out.endObject()
        out.endObject()
    }

    /// A name in a packet seen through the packet's lent pointer: written without taking a reference to the packet,
    /// copying the suffixes the message's JSON already holds. Lives only inside the closure that lent the pointers.
    private struct NamePlace: JSONStringSource {
        let bytes: UnsafeBufferPointer<UInt8>
        let span: DNSMessageLayout.NameSpan
        let base: Int
        let rendered: UnsafeMutablePointer<DNSName.RenderedSuffixes>

        func appendPlainJSONString(to out: inout OutputBuffer) -> Bool {
            DNSName.appendPlainJSONString(labelsIn: bytes, from: span.start, base: base, to: &out, rendered: rendered)
        }

        /// The rare name that needs escaping: built as a name of its own, then written in presentation form.
        func appendUTF8(to text: inout [UInt8]) {
            var labels: [ArraySlice<UInt8>] = []
            DNSName.forEachLabelOffset(in: bytes, from: span.start, base: base) { start, length in
                labels.append(ArraySlice(UnsafeBufferPointer(rebasing: bytes[start..<start + length])))
            }
            (DNSName(labels: labels) ?? .root).appendPresentation(to: &text)
        }
    }
}
