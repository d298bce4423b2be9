import CastWire

extension MDNSAnalyzer {
    /// The `_googlecast` names a query should get an answer for (`mdns.no-answer` waits only for these).
    ///
    /// Silence is the correct outcome for two kinds of query, so they are not counted: a probe (records in the
    /// authority section, RFC 6762 §8.1), which hopes nobody owns the name, and a question whose known-answer list
    /// (the query's answer section, §7.1) already holds records of that name, which tells every responder that has
    /// nothing newer to stay quiet. Without this a healthy browser's follow-up queries read as failures.
    ///
    /// Keys are lower-cased (DNS names compare case-insensitively, RFC 1035 §2.3.3); values are the names as they
    /// were on the wire, which findings quote.
    static func awaitedNames(in message: DNSMessage) -> [DNSName.CaseInsensitiveKey: DNSName] {
        guard message.authorities.isEmpty else { return [:] }
        var names: [DNSName.CaseInsensitiveKey: DNSName] = [:]
        for question in message.questions where isCast(question.name) {
            let name = DNSName.CaseInsensitiveKey(question.name)
            if names[name] == nil, !message.answers.contains(where: { DNSName.CaseInsensitiveKey($0.name) == name }) {
                // Owned: the question's name points into its packet, which the pending query would keep alive.
                names[name.stored] = question.name.owned
            }
        }
        return names
    }
}
