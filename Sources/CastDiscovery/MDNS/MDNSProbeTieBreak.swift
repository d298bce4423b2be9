import CastWire

/// Simultaneous probe tie-breaking (RFC 6762 §8.2): which of two hosts probing for the same name keeps it.
///
/// Each side's records for the name (from the probe's authority section) are sorted, then compared pair by pair:
/// class without the cache-flush bit, then type, then the RDATA bytes in wire form with names uncompressed, as
/// unsigned bytes. The first difference decides; a list that runs out first is the earlier. The host whose data
/// is lexicographically later wins.
enum MDNSProbeTieBreak: Sendable, Equatable {
    /// Our data is later: we win and keep probing.
    case weWin
    /// Our data is earlier: we defer one second and probe again (§8.2.1).
    case weLose
    /// The same data (typically our own probe looped back): no conflict.
    case identical

    /// Compares our proposed records with the other host's.
    static func compare(ours: [DNSResourceRecord], theirs: [DNSResourceRecord]) -> MDNSProbeTieBreak {
        let left = ours.map(SortKey.init).sorted()
        let right = theirs.map(SortKey.init).sorted()
        for (mine, other) in zip(left, right) where mine != other {
            return mine < other ? .weLose : .weWin
        }
        if left.count == right.count { return .identical }
        return left.count < right.count ? .weLose : .weWin
    }

    /// One record reduced to what the comparison looks at.
    struct SortKey: Comparable, Sendable {
        var rrclass: UInt16
        var type: UInt16
        var rdata: [UInt8]

        init(_ record: DNSResourceRecord) {
            // The cache-flush bit is kept apart from the class by the codec; mask anyway so a raw class cannot
            // carry it.
            rrclass = record.rrclass.rawValue & 0x7FFF
            type = record.type.rawValue
            rdata = DNSWriter.rdata(for: record.data)
        }

        static func < (lhs: SortKey, rhs: SortKey) -> Bool {
            if lhs.rrclass != rhs.rrclass { return lhs.rrclass < rhs.rrclass }
            if lhs.type != rhs.type { return lhs.type < rhs.type }
            return lhs.rdata.lexicographicallyPrecedes(rhs.rdata)
        }
    }
}
