/// Merges sequences that are each in time order into one time-ordered sequence, stably: of elements with equal
/// times, those of an earlier source come first, and within a source the original order is kept.
///
/// Pure logic with no I/O, so `castscope tail` can merge several files' records (and tests can check the order)
/// without touching a file. A source that is not itself in order is merged as it is: its elements still come out in
/// their own order, each as soon as it is the earliest head.
public enum LogMerger {
    /// The elements of `sources` merged by `key`, ties broken by source order, then position.
    public static func merge<Element, Key: Comparable>(
        _ sources: [[Element]], by key: (Element) -> Key
    ) -> [Element] {
        let nonEmpty = sources.filter { !$0.isEmpty }
        if nonEmpty.count <= 1 { return nonEmpty.first ?? [] }
        var merged: [Element] = []
        merged.reserveCapacity(nonEmpty.reduce(0) { $0 + $1.count })
        var positions = [Int](repeating: 0, count: nonEmpty.count)
        var heads: [Key?] = nonEmpty.map { key($0[0]) }
        // A linear scan of the heads: tail merges a handful of files, where this beats a heap and is plainly stable.
        while true {
            var best: Int?
            for index in heads.indices {
                guard let head = heads[index] else { continue }
                if let current = best, let currentKey = heads[current], !(head < currentKey) { continue }
                best = index
            }
            guard let chosen = best else { return merged }
            let source = nonEmpty[chosen]
            merged.append(source[positions[chosen]])
            positions[chosen] += 1
            heads[chosen] = positions[chosen] < source.count ? key(source[positions[chosen]]) : nil
        }
    }

    /// The records of `sources` merged by time, stably.
    public static func merge(_ sources: [[LogTailEntry]]) -> [LogTailEntry] {
        merge(sources, by: \.time)
    }
}
