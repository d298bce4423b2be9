/// The message table's rows, kept as ready-escaped JSON arrays (UTF-8 bytes) so memory equals what the report
/// will hold.
///
/// The first `headRows` rows are kept (payloads in full until `payloadBudget` bytes are used, shortened after),
/// then a ring of the last `tailRows` (payloads shortened); rows pushed out of the ring in between are counted as
/// left out, except error rows, which are kept up to `pinnedRows`. Repeated strings (namespaces, IDs, flows) are
/// stored once in a string table that rows index.
struct ReportMessageTable {
    /// Row flags (bit set in the row's `flags` field).
    enum Flag {
        static let error = 1, truncated = 2, binary = 4, mdns = 8, heartbeat = 16
    }

    /// One row before it is stored.
    struct Row {
        var time: Int64
        var flow: String?
        var direction: Int
        var source: String
        var destination: String
        var namespace: String
        var type: String?
        var requestID: Int64?
        var latency: Int64?
        var replyTo: String?
        var flags: Int
        var payload: String
    }

    let limits: ReportLimits
    private(set) var strings: [String] = ["(more distinct names than the report keeps)"]
    private var stringIndex: [String: Int] = [:]
    private(set) var head: [[UInt8]] = []
    private(set) var pinned: [[UInt8]] = []
    private var tail: [(text: [UInt8], isError: Bool)] = []
    private var tailStart = 0
    private(set) var total = 0
    private(set) var omitted = 0
    private(set) var omittedErrors = 0
    private(set) var shortened = 0
    private(set) var stringsOverflowed = 0
    private var payloadBytes = 0
    private var scratch: [UInt8] = []
    private var payloadScratch: [UInt8] = []

    /// Longest ID, namespace, type or flow the string table keeps (longer ones are cut).
    static let maximumStringBytes = 256

    init(limits: ReportLimits) {
        self.limits = limits
    }

    /// The kept rows in message order.
    var rows: [[UInt8]] {
        head + pinned + tail[tailStart...].map(\.text) + tail[..<tailStart].map(\.text)
    }

    /// Number of rows kept.
    var keptCount: Int { head.count + pinned.count + tail.count }

    /// Adds a row; returns its sequence number (1-based, counting every message).
    mutating func add(_ row: Row) -> Int {
        total += 1
        let inHead = head.count < limits.headRows
        var flags = row.flags
        // The payload is escaped first, so the budget counts what the file will hold (escapes included).
        var payload = payloadScratch
        payloadScratch = []
        payload.removeAll(keepingCapacity: true)
        defer { payloadScratch = payload }
        let budgetLeft = inHead ? limits.payloadBudget - payloadBytes : 0
        if budgetLeft > 0, HTMLEscaper.appendScriptJSONString(row.payload, to: &payload, limit: budgetLeft) {
            payloadBytes += payload.count
        } else {
            payload.removeAll(keepingCapacity: true)
            if !HTMLEscaper.appendScriptJSONString(row.payload, to: &payload, limit: limits.shortPayloadBytes) {
                flags |= Flag.truncated
                shortened += 1
            }
        }
        // Built in a reused buffer, then copied at its exact size: one allocation per row, no spare capacity kept.
        var out = scratch
        scratch = []
        out.removeAll(keepingCapacity: true)
        defer { scratch = out }
        out.append(UInt8(ascii: "["))
        Self.number(Int64(total), &out)
        Self.number(row.time, &out)
        Self.number(row.flow.map { Int64(intern($0)) } ?? -1, &out)
        Self.number(Int64(row.direction), &out)
        Self.number(Int64(intern(row.source)), &out)
        Self.number(Int64(intern(row.destination)), &out)
        Self.number(Int64(intern(row.namespace)), &out)
        Self.number(row.type.map { Int64(intern($0)) } ?? -1, &out)
        if let id = row.requestID { Self.number(id, &out) } else { out.append(contentsOf: "null,".utf8) }
        if let latency = row.latency { Self.number(latency, &out) } else { out.append(contentsOf: "null,".utf8) }
        Self.number(row.replyTo.map { Int64(intern($0)) } ?? -1, &out)
        Self.number(Int64(flags), &out)
        out.append(contentsOf: payload)
        out.append(UInt8(ascii: "]"))
        // A fresh buffer of the row's size (Array(out) would share the scratch buffer and its capacity).
        let text = [UInt8](unsafeUninitializedCapacity: out.count) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: out)
        }
        if inHead {
            head.append(text)
        } else if tail.count < limits.tailRows {
            tail.append((text, flags & Flag.error != 0))
        } else if limits.tailRows == 0 {
            if flags & Flag.error != 0, pinned.count < limits.pinnedRows { pinned.append(text) } else { omitted += 1 }
        } else {
            let evicted = tail[tailStart]
            tail[tailStart] = (text, flags & Flag.error != 0)
            tailStart = (tailStart + 1) % tail.count
            if evicted.isError, pinned.count < limits.pinnedRows {
                pinned.append(evicted.text)
            } else {
                omitted += 1
                if evicted.isError { omittedErrors += 1 }
            }
        }
        return total
    }

    private mutating func intern(_ text: String) -> Int {
        // IDs, namespaces and types are short in real traffic; a hostile one is cut so the table stays bounded.
        let text = HTMLEscaper.clip(text, maxBytes: Self.maximumStringBytes)
        if let index = stringIndex[text] { return index }
        guard strings.count < limits.distinctStrings else {
            stringsOverflowed += 1
            return 0
        }
        strings.append(text)
        stringIndex[text] = strings.count - 1
        return strings.count - 1
    }

    private static func number(_ value: Int64, _ out: inout [UInt8]) {
        // Keep numbers inside JavaScript's exact integer range: forged timestamps and IDs can be anything.
        let limit: Int64 = 9_007_199_254_740_991
        var rest = min(max(value, -limit), limit)
        if rest < 0 {
            out.append(UInt8(ascii: "-"))
            rest = -rest
        }
        // Digits straight into the buffer, most significant first: this runs a dozen times per message.
        var divisor: Int64 = 1
        while divisor <= rest / 10 { divisor *= 10 }
        repeat {
            out.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        } while divisor > 0
        out.append(UInt8(ascii: ","))
    }
}
