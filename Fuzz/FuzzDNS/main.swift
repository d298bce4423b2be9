import CastJSON
import CastWire
import FuzzSupport

// Decodes arbitrary bytes as a DNS message (lax, so partial results are exercised too), parses every TXT record as a
// Cast TXT record, renders every name, and checks that a message that decoded re-encodes to bytes that decode again
// with the same section sizes; the layout (places in the packet) must build the same message and write the same JSON
// as the model built from it.
@inline(never)
func exercise(_ bytes: [UInt8]) -> Int {
    let result = DNSMessage.decodeLax(bytes)
    var work = result.error?.description.utf8.count ?? 0
    let message = result.message
    for question in message.questions { work &+= question.name.description.utf8.count }
    for record in message.answers + message.authorities + message.additionals {
        work &+= record.name.description.utf8.count
        switch record.data {
        case .txt(let txt):
            let cast = CastTXTRecord(txt: txt)
            work &+= cast.entries.count &+ cast.diagnostics.count &+ (cast.capabilities?.names.count ?? 0)
        case .ptr(let name):
            work &+= name.description.utf8.count
        case .srv(let srv):
            work &+= srv.target.description.utf8.count
        case .aaaa(let address):
            work &+= address.description.utf8.count
        default:
            break
        }
    }
    for warning in message.warnings { work &+= warning.description.utf8.count }
    if result.error == nil {
        let again = DNSMessage.decodeLax(message.encoded())
        precondition(again.error == nil, "re-encoded message failed to decode: \(again.error.map(String.init(describing:)) ?? "")")
        precondition(again.message.questions.count == message.questions.count
                     && again.message.answers.count == message.answers.count
                     && again.message.authorities.count == message.authorities.count
                     && again.message.additionals.count == message.additionals.count, "section sizes changed")
    }
    work &+= DNSMessageDump.json(for: bytes).json?.utf8.count ?? 0
    let layout = DNSMessageLayout.decodeLax(ByteReader(bytes))
    precondition(layout.result == result, "the layout's message differs from the decoded one")
    var direct = OutputBuffer(capacity: 256), model = OutputBuffer(capacity: 256)
    DNSMessageDump.appendJSON(layout, to: &direct)
    DNSMessageDump.appendJSON(layout.message, to: &model)
    precondition(direct.copyBytes() == model.copyBytes(), "JSON written from the packet differs from the model's")
    return work &+ direct.count
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    withExtendedLifetime(exercise(bytes)) {}
    return 0
}

fuzzMain(fuzzOneInput)
