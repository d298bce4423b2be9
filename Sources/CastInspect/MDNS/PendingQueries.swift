import CastLog
import CastWire

/// mDNS queries still waiting for an answer, found by the names they asked: a response costs one look-up per answer
/// whose name could be awaited, however many queries wait. (Scanning every waiting query for every response cost
/// 80 % of a run on phones' traffic, where a second holds hundreds of queries.)
///
/// Queries are kept in time order for expiry; the per-name lists and the order hold query numbers, and a number
/// whose query was answered or expired is skipped (and dropped) where it is met, so each stays bounded.
struct PendingQueries: Sendable {
    /// One waiting query: when, from where, and the names it asked (as the query spelled them).
    struct Query: Sendable {
        var time: LogTimestamp
        var names: [DNSName]
        var source: FlowEndpoint
    }

    private var queries: [UInt64: Query] = [:]
    private var order: [UInt64] = []
    private var orderStart = 0
    private var waiting: [DNSName.CaseInsensitiveKey: [UInt64]] = [:]
    /// Bit `n` set when some waiting name is `n` bytes long on the wire: most answer names are not, and are passed
    /// over without hashing them.
    private var waitingLengths = LengthSet()
    private var nextNumber: UInt64 = 0
    /// Numbers in the per-name lists, and names of the queries that wait: the lists are rebuilt when the first
    /// outgrows the second (numbers of queries answered through another name stay in a list until then).
    private var listedNumbers = 0
    private var waitingNames = 0

    /// How many queries wait.
    var count: Int { queries.count }

    /// Whether none waits.
    var isEmpty: Bool { queries.isEmpty }

    /// Adds a query waiting for `names` (stored keys → the names as asked).
    mutating func add(time: LogTimestamp, names: [DNSName.CaseInsensitiveKey: DNSName], source: FlowEndpoint) {
        let number = nextNumber
        nextNumber += 1
        queries[number] = Query(time: time, names: Array(names.values), source: source)
        order.append(number)
        listedNumbers += names.count
        waitingNames += names.count
        for key in names.keys {
            waiting[key, default: []].append(number)
            waitingLengths.insert(key.name.wireLength)
        }
    }

    /// Removes the queries `message`'s answers answer and returns the longest of their waits, or nil.
    mutating func answer(_ message: DNSMessageLayout, at time: LogTimestamp) -> Double? {
        guard !queries.isEmpty else { return nil }
        var longest: Double?
        for index in 0..<message.answerCount where waitingLengths.contains(message.recordNameWireLength(at: index)) {
            let key = DNSName.CaseInsensitiveKey(message.recordName(at: index))
            guard let numbers = waiting.removeValue(forKey: key) else { continue }
            listedNumbers -= numbers.count
            for number in numbers {
                guard let query = queries.removeValue(forKey: number) else { continue }
                waitingNames -= query.names.count
                longest = max(longest ?? 0, CastSessionTracker.seconds(from: query.time, to: time))
            }
        }
        if longest != nil { compactIfSparse() }
        return longest
    }

    /// Removes every query more than a second older than `time` (all of them when nil), oldest first, handing each
    /// to `expired`; stops at the first that is younger (queries are added in time order), so a call costs what it
    /// removes.
    mutating func expire(before time: LogTimestamp?, _ expired: (Query) -> Void) {
        while orderStart < order.count {
            let number = order[orderStart]
            guard let query = queries[number] else {
                orderStart += 1
                continue
            }
            if let time, CastSessionTracker.seconds(from: query.time, to: time) <= 1 { break }
            queries[number] = nil
            waitingNames -= query.names.count
            orderStart += 1
            expired(query)
        }
        compactIfSparse()
    }

    /// Drops the numbers of answered and expired queries once they outnumber the waiting ones, so the lists stay
    /// within a few times the queries that wait.
    private mutating func compactIfSparse() {
        if orderStart > 64, orderStart * 2 > order.count {
            order.removeFirst(orderStart)
            orderStart = 0
        }
        let recorded = order.count - orderStart
        if queries.isEmpty {
            waiting.removeAll(keepingCapacity: true)
            waitingLengths = LengthSet()
            listedNumbers = 0
            order.removeAll(keepingCapacity: true)
            orderStart = 0
        } else if recorded > 4 * queries.count + 64 || listedNumbers > 4 * waitingNames + 64 {
            order = order[orderStart...].filter { queries[$0] != nil }
            orderStart = 0
            rebuildWaiting()
        }
    }

    private mutating func rebuildWaiting() {
        waiting.removeAll(keepingCapacity: true)
        waitingLengths = LengthSet()
        listedNumbers = waitingNames
        for number in order {
            guard let query = queries[number] else { continue }
            for name in query.names {
                let key = DNSName.CaseInsensitiveKey(name)
                waiting[key, default: []].append(number)
                waitingLengths.insert(name.wireLength)
            }
        }
    }

    /// A set of name lengths (1…255 on the wire) in four words.
    private struct LengthSet: Sendable {
        private var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

        mutating func insert(_ length: Int) {
            let bit = UInt64(1) << UInt64(length & 63)
            switch length >> 6 {
            case 0: bits.0 |= bit
            case 1: bits.1 |= bit
            case 2: bits.2 |= bit
            default: bits.3 |= bit
            }
        }

        func contains(_ length: Int) -> Bool {
            let bit = UInt64(1) << UInt64(length & 63)
            switch length >> 6 {
            case 0: return bits.0 & bit != 0
            case 1: return bits.1 & bit != 0
            case 2: return bits.2 & bit != 0
            default: return bits.3 & bit != 0
            }
        }
    }
}
