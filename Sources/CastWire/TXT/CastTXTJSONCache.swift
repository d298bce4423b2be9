public import CastJSON
import Synchronization

/// The `cast` JSON of Cast TXT records by their RDATA, made once per distinct record: devices announce the same TXT
/// again and again, and decoding and rendering it was most of the cost of an mDNS JSON line. Bounded: past
/// `capacity` entries (as many as the instances the inspector tracks, so a network of hundreds of devices does not
/// start it over on every round of announcements) it starts over.
public final class CastTXTJSONCache: Sendable {
    /// Most records kept.
    public static let capacity = 1024
    private let entries = Mutex<[BytesKey: (value: JSONValue, serialized: [UInt8])]>([:])

    /// An empty cache.
    public init() {}

    /// The decoded TXT's JSON value and its serialized text.
    public func json(for txt: DNSTXT) -> (value: JSONValue, serialized: [UInt8]) {
        let key = BytesKey(txt.rdata)
        if let known = entries.withLock({ $0[key] }) { return known }
        let value = CastTXTRecord(txt: txt).jsonValue
        let serialized = value.serializedBytes
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[key.stored] = (value, serialized)
        }
        return (value, serialized)
    }
}
