/// A binary min-heap of timeline events by (time, arrival), so equal times keep their arrival order.
struct TimelineHeap {
    /// One held event.
    struct Item {
        var time: Double
        var sequence: Int
        var event: InspectEvent

        func precedes(_ other: Item) -> Bool {
            time < other.time || (time == other.time && sequence < other.sequence)
        }
    }

    private var items: [Item] = []

    var count: Int { items.count }
    var peek: Item? { items.first }

    mutating func push(_ item: Item) {
        items.append(item)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].precedes(items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Item? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let top = items.removeLast()
        var parent = 0
        while true {
            let left = parent * 2 + 1
            let right = left + 1
            var first = parent
            if left < items.count, items[left].precedes(items[first]) { first = left }
            if right < items.count, items[right].precedes(items[first]) { first = right }
            guard first != parent else { return top }
            items.swapAt(parent, first)
            parent = first
        }
    }
}
