public import CastNet
import CastWire

extension MDNSResponderStateMachine {
    /// Handles a datagram: answers queries once established, detects conflicts, settles simultaneous probes.
    /// `destination` is the address the datagram was sent to: a query sent directly to this host rather than to
    /// the group is answered by unicast only, and only from a source on the interface's own network (RFC 6762
    /// §5.5: such a query may come from beyond the link, which mDNS answers never reach).
    public mutating func receive(
        _ bytes: [UInt8], from source: SocketAddress, interfaceIndex: UInt32, destination: IPAddress? = nil,
        at now: MonotonicInstant
    ) -> [Action] {
        guard let ownAddresses = addresses[interfaceIndex], phase != .stopped, phase != .idle else { return [] }
        let direct = destination.map { !$0.isMulticast } ?? false
        if direct, let networks = subnets[interfaceIndex], !networks.isEmpty,
           !networks.contains(where: { $0.contains(source.ip) }) {
            return []
        }
        let message = DNSMessage.decodeLax(bytes).message
        guard message.flags.opcode == 0, message.flags.rcode == 0, let name = service.instanceName else { return [] }
        if message.flags.qr {
            return conflictCheck(message, name: name, ownAddresses: ownAddresses, at: now)
        }
        if case .probing = phase {
            return tieBreak(message, from: source, name: name, ownAddresses: ownAddresses, at: now)
        }
        guard isAnswering, let set = service.records(addresses: ownAddresses) else { return [] }
        var answers: [DNSResourceRecord] = []
        var unicastWanted = source.port != 5353
        for question in message.questions {
            var matching: [DNSResourceRecord] = []
            let any = question.type == .any
            if question.name.isEquivalent(to: service.serviceType), question.type == .ptr || any {
                matching.append(set.ptr)
            }
            if question.name.isEquivalent(to: name) {
                if question.type == .srv || any { matching.append(set.srv) }
                if question.type == .txt || any { matching.append(set.txt) }
            }
            if question.name.isEquivalent(to: service.host) {
                matching += set.addresses.filter { any || $0.type == question.type }
            }
            if !matching.isEmpty && question.unicastResponse { unicastWanted = true }
            answers += matching
        }
        // Known-answer suppression (RFC 6762 §7.1): skip what the querier has with at least half our TTL.
        answers = answers.filter { answer in
            !message.answers.contains { known in
                known.type == answer.type && known.name.isEquivalent(to: answer.name) && known.data == answer.data
                    && known.ttl >= answer.ttl / 2
            }
        }
        var unique: [DNSResourceRecord] = []
        for answer in answers where !unique.contains(answer) { unique.append(answer) }
        guard !unique.isEmpty else { return [] }
        let all = [set.ptr, set.srv, set.txt] + set.addresses
        let additionals = all.filter { record in !unique.contains(record) && record.type != .ptr }
        statistics.answersSent += 1
        if source.port != 5353 {
            // Legacy unicast: echo the ID and questions, no cache-flush bits, TTL at most 10 s (RFC 6762 §6.7).
            let capped = (unique + additionals).map { record -> DNSResourceRecord in
                var copy = record
                copy.cacheFlush = false
                copy.ttl = min(copy.ttl, 10)
                return copy
            }
            let reply = DNSMessage(
                id: message.id, flags: DNSFlags(qr: true, aa: true), questions: message.questions,
                answers: Array(capped.prefix(unique.count)), additionals: Array(capped.dropFirst(unique.count)))
            return [.unicast(reply, to: source, interfaceIndex: interfaceIndex)]
        }
        let reply = DNSMessage(flags: DNSFlags(qr: true, aa: true), answers: unique, additionals: additionals)
        if direct { return [.unicast(reply, to: source, interfaceIndex: interfaceIndex)] }
        if unicastWanted {
            return [
                .unicast(reply, to: source, interfaceIndex: interfaceIndex),
                .multicast(reply, interfaceIndex: interfaceIndex),
            ]
        }
        return [.multicast(reply, interfaceIndex: interfaceIndex)]
    }
}
