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
    static func awaitedNames(in message: DNSMessageLayout) -> [DNSName.CaseInsensitiveKey: DNSName] {
        guard message.authorityCount == 0 else { return [:] }
        var names: [DNSName.CaseInsensitiveKey: DNSName] = [:]
        // Known answers are compared by length first, and built only when the length matches: phones' queries of
        // 20 questions and 40 known answers would otherwise build every answer's name on every packet.
        for questionIndex in 0..<message.questionCount {
            guard message.questionName(at: questionIndex, hasSuffix: serviceLabels) else { continue }
            let question = message.questionName(at: questionIndex)
            let name = DNSName.CaseInsensitiveKey(question)
            guard names[name] == nil else { continue }
            let length = message.questionNameWireLength(at: questionIndex)
            var known = false
            for index in 0..<message.answerCount where message.recordNameWireLength(at: index) == length {
                if DNSName.CaseInsensitiveKey(message.recordName(at: index)) == name {
                    known = true
                    break
                }
            }
            // Owned: the question's name points into its packet, which the pending query would keep alive.
            if !known { names[name.stored] = question.owned }
        }
        return names
    }
}
