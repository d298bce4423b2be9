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
        // Indexed reads of the arrays' elements: a for-in over records copies each one (retaining its names and
        // data), which phones' queries of 20 questions and 40 known answers paid on every packet.
        let questions = message.questions, answers = message.answers
        for questionIndex in questions.indices where isCast(questions[questionIndex].name) {
            let name = DNSName.CaseInsensitiveKey(questions[questionIndex].name)
            guard names[name] == nil else { continue }
            let length = name.name.wireLength
            var known = false
            for index in answers.indices where answers[index].name.wireLength == length {
                if DNSName.CaseInsensitiveKey(answers[index].name) == name {
                    known = true
                    break
                }
            }
            // Owned: the question's name points into its packet, which the pending query would keep alive.
            if !known { names[name.stored] = questions[questionIndex].name.owned }
        }
        return names
    }
}
