import CastLog
import CastWire

/// A unicast DNS message (port 53) as the media watch keeps it: who asked which resolver for which name, and
/// what came back.
struct DNSSighting {
    /// The asking host (the end that is not port 53).
    var client: FlowEndpoint
    var resolver: FlowEndpoint
    /// The first question's name, lower-cased, without the final dot.
    var name: String
    var isResponse: Bool
    var rcode: UInt8
    /// The A and AAAA answers, as text.
    var addresses: [String]
    var time: LogTimestamp

    /// The sighting of `bytes` sent from `source` to `destination`, nil when they are not a DNS message with a
    /// question.
    init?(_ bytes: [UInt8], source: FlowEndpoint, destination: FlowEndpoint, time: LogTimestamp) {
        guard let message = try? DNSMessage(decoding: bytes), let question = message.questions.first else { return nil }
        isResponse = message.flags.qr
        client = isResponse ? destination : source
        resolver = isResponse ? source : destination
        var text = question.name.description.lowercased()
        if text.hasSuffix(".") { text.removeLast() }
        name = text
        rcode = message.flags.rcode
        addresses = message.answers.compactMap { record in
            switch record.data {
            case .a(let address): address.description
            case .aaaa(let address): address.description
            default: nil
            }
        }
        self.time = time
    }
}
