public import CastLog
import CastWire

/// Finds the Cast messages a log record talks about, among the messages seen within a time window of it.
///
/// Rules (Docs/inspect.md, "Logs and packets on one timeline"):
/// - `cast.request_id` (not 0, which Cast uses for unsolicited status): every message with that `requestId` — the
///   request and its replies — within the window, narrowed by `cast.ns`, by `cast.transport` (as source or
///   destination), then by `cast.src`/`cast.dst` (each only when the record gives it; a key that no candidate
///   matches means the record is about another sender's request: no links), then to the one connection whose
///   message is nearest in time (ids restart per connection);
/// - otherwise `cast.src` + `cast.dst` (a channel's own record of a message): the one matching message nearest in
///   time;
/// - otherwise `cast.transport` / `cast.ns`: the one nearest message that matches the keys given, preferring one at
///   or before the record (a listener fires after the status that caused it).
///
/// Heartbeats match only when the record names their namespace. Memory is bounded: at most `capacity` messages are
/// kept, the oldest dropped first.
public struct LogCorrelator: Sendable {
    /// How far (seconds) from a record a message may be to be linked.
    public let window: Double
    /// Most messages kept.
    public let capacity: Int
    private var messages: [CastMessageRecord] = []
    private var start = 0

    /// Most links attached to one record.
    static let maximumLinks = 8
    static let heartbeatNamespace = CastNamespace.heartbeat.rawValue

    /// A correlator linking within `window` seconds and remembering at most `capacity` messages.
    public init(window: Double, capacity: Int = 16_384) {
        precondition(capacity > 0, "capacity must be positive")
        self.window = window
        self.capacity = capacity
    }

    /// Messages currently remembered.
    public var count: Int { messages.count - start }

    /// Remembers a message (messages arrive in capture order, give or take a little).
    public mutating func add(_ message: CastMessageRecord) {
        messages.append(message)
        if messages.count - start > capacity { start += 1 }
        if start > 4096 && start * 2 > messages.count {
            messages.removeFirst(start)
            start = 0
        }
    }

    /// Forgets messages older than `time` minus the window (they can no longer be linked to a record after it).
    public mutating func forget(before time: LogTimestamp) {
        let limit = time.timeIntervalSince1970 - window
        while start < messages.count, messages[start].time.timeIntervalSince1970 < limit { start += 1 }
    }

    /// The remembered messages from `window` before `at` on (binary search: messages come in capture order), up
    /// to the first one more than `window` after it; a few out of order at the edges are filtered by the caller.
    private func nearby(_ at: Double) -> Range<Int> {
        func firstIndex(after limit: Double) -> Int {
            var low = start, high = messages.count
            while low < high {
                let middle = (low + high) / 2
                if messages[middle].time.timeIntervalSince1970 < limit { low = middle + 1 } else { high = middle }
            }
            return low
        }
        let lower = firstIndex(after: at - window - 1)
        let upper = max(lower, firstIndex(after: at + window + 1))
        return lower..<upper
    }

    /// The links for `event`'s record, in capture order (empty when it names no Cast keys or nothing matches).
    public func links(for event: LogRecordEvent) -> [LogLink] {
        let requestID = event.requestID.flatMap { $0 == 0 ? nil : $0 }
        let transport = event.text("cast.transport")
        let namespace = event.text("cast.ns")
        let source = event.text("cast.src")
        let destination = event.text("cast.dst")
        guard requestID != nil || transport != nil || namespace != nil || (source != nil && destination != nil) else {
            return []
        }
        let at = event.time.timeIntervalSince1970
        func distance(_ record: CastMessageRecord) -> Double { abs(record.time.timeIntervalSince1970 - at) }
        var candidates = messages[nearby(at)].filter { record in
            abs(record.time.timeIntervalSince1970 - at) <= window
                && (namespace.map { record.message.namespace == $0 }
                    ?? (record.message.namespace != Self.heartbeatNamespace))
        }
        if let requestID {
            candidates = candidates.filter { $0.requestID == requestID }
            if let transport {
                candidates = candidates.filter { $0.message.sourceID == transport || $0.message.destinationID == transport }
            }
            if let source, let destination {
                candidates = candidates.filter {
                    [$0.message.sourceID, $0.message.destinationID].sorted() == [source, destination].sorted()
                }
            }
            // Request ids restart on every connection: keep the connection whose message is nearest in time.
            if let nearest = candidates.min(by: { distance($0) < distance($1) }) {
                candidates = candidates.filter { $0.flow == nearest.flow }
            }
            return candidates.prefix(Self.maximumLinks).map(LogLink.init)
        }
        if let source, let destination {
            // A channel's own "sent"/"received" record: the one message nearest in time, either side.
            candidates = candidates.filter { $0.message.sourceID == source && $0.message.destinationID == destination }
            let nearest = candidates.min { distance($0) < distance($1) }
            return nearest.map { [LogLink($0)] } ?? []
        }
        if let transport {
            candidates = candidates.filter {
                $0.message.sourceID == transport || $0.message.destinationID == transport
            }
        }
        let before = candidates.last { $0.time.timeIntervalSince1970 <= at }
        let after = candidates.first { $0.time.timeIntervalSince1970 > at }
        return [before ?? after].compactMap { $0 }.map(LogLink.init)
    }
}
