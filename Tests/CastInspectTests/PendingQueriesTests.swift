import CastLog
import CastWire
import Testing

@testable import CastInspect

/// The indexed waiting-query table answers and expires exactly as scanning every waiting query did.
@Suite struct PendingQueriesTests {
    /// The previous behaviour, kept as the model: a list scanned on every response.
    private struct Model {
        var queries: [(time: LogTimestamp, names: Set<String>)] = []

        mutating func answer(_ answered: Set<String>, at time: LogTimestamp) -> Double? {
            var longest: Double?
            queries.removeAll { query in
                guard !query.names.isDisjoint(with: answered) else { return false }
                longest = max(longest ?? 0, CastSessionTracker.seconds(from: query.time, to: time))
                return true
            }
            return longest
        }

        mutating func expire(before time: LogTimestamp?) -> [[String]] {
            var expired: [[String]] = []
            queries.removeAll { query in
                if let time, CastSessionTracker.seconds(from: query.time, to: time) <= 1 { return false }
                expired.append(query.names.sorted())
                return true
            }
            return expired
        }
    }

    private struct Sequence {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static let pool = ["_googlecast._tcp.local.", "_GoogleCast._TCP.local.", "tv._googlecast._tcp.local.",
                       "kitchen._googlecast._tcp.local.", "Kitchen._googlecast._tcp.local.",
                       "a-much-longer-speaker-name-1234._googlecast._tcp.local.", "other._tcp.local."]

    @Test func answersAndExpiriesMatchAScanOfEveryQuery() throws {
        var random = Sequence(state: 9)
        let source = FlowEndpoint(address: [10, 0, 0, 9], port: 5353)
        var (answered, expiredCount) = (0, 0)
        for _ in 0..<40 {
            var pending = PendingQueries()
            var model = Model()
            var micros: Int64 = 0
            for _ in 0..<400 {
                micros += Int64(random.next(300_000))
                let time = LogTimestamp(seconds: 1_000 + micros / 1_000_000, microseconds: Int32(micros % 1_000_000))
                var expired: [[String]] = []
                pending.expire(before: time) { expired.append($0.names.map { $0.description.lowercased() }.sorted()) }
                #expect(expired == model.expire(before: time))
                expiredCount += expired.count
                let names = (0..<(1 + random.next(3))).map { _ in Self.pool[random.next(Self.pool.count)] }
                if random.next(2) == 0 {
                    var keyed: [DNSName.CaseInsensitiveKey: DNSName] = [:]
                    for text in names {
                        let name = try #require(DNSName(text))
                        let key = DNSName.CaseInsensitiveKey(name).stored
                        if keyed[key] == nil { keyed[key] = name }
                    }
                    pending.add(time: time, names: keyed, source: source)
                    model.queries.append((time, Set(keyed.keys.map { $0.name.description.lowercased() })))
                } else {
                    let answers = try names.map { text in
                        DNSResourceRecord(name: try #require(DNSName(text)), type: .ptr, ttl: 120,
                                          data: .ptr(try #require(DNSName("x.local."))))
                    }
                    let message = DNSMessage(flags: DNSFlags(qr: true, aa: true), answers: answers)
                    let longest = pending.answer(DNSMessageLayout.decodeLax(ByteReader(message.encoded())), at: time)
                    #expect(longest == model.answer(Set(names.map { $0.lowercased() }), at: time))
                    if longest != nil { answered += 1 }
                }
                #expect(pending.count == model.queries.count)
            }
            var left: [[String]] = []
            pending.expire(before: nil) { left.append($0.names.map { $0.description.lowercased() }.sorted()) }
            #expect(left == model.expire(before: nil))
        }
        // Both ways out were taken, many times: the comparison covered answers and expiries alike.
        #expect(answered > 1000 && expiredCount > 1000, "answered \(answered), expired \(expiredCount)")
    }
}
