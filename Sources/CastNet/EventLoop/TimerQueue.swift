/// Pending timers ordered by deadline, then by id (so equal deadlines fire in the order they were scheduled).
///
/// A binary min-heap; cancelling removes the task at once and leaves its heap entry to be skipped when it surfaces.
public struct TimerQueue: Sendable {
    private struct Entry {
        var deadline: UInt64
        var id: UInt64

        func precedes(_ other: Entry) -> Bool { (deadline, id) < (other.deadline, other.id) }
    }

    private var heap: [Entry] = []
    private var tasks: [UInt64: @Sendable () -> Void] = [:]

    /// An empty queue (the event loop's and `ManualClock`'s).
    public init() {}

    /// Number of live (not cancelled, not fired) timers.
    public var count: Int { tasks.count }

    /// Adds `task` to fire at `deadline` (nanoseconds).
    public mutating func insert(id: UInt64, deadline: UInt64, _ task: @escaping @Sendable () -> Void) {
        tasks[id] = task
        heap.append(Entry(deadline: deadline, id: id))
        siftUp(heap.count - 1)
    }

    /// Removes timer `id`; true when it was still pending.
    @discardableResult
    public mutating func cancel(id: UInt64) -> Bool { tasks.removeValue(forKey: id) != nil }

    /// The earliest live deadline, dropping cancelled entries from the top.
    public mutating func nextDeadline() -> UInt64? {
        dropCancelledTop()
        return heap.first?.deadline
    }

    /// Removes and returns the earliest live timer when it is due at `now` and its id is below `idLimit`.
    public mutating func popDue(now: UInt64, idLimit: UInt64 = .max) -> (deadline: UInt64, task: @Sendable () -> Void)? {
        dropCancelledTop()
        guard let top = heap.first, top.deadline <= now, top.id < idLimit else { return nil }
        removeTop()
        guard let task = tasks.removeValue(forKey: top.id) else { return nil }
        return (top.deadline, task)
    }

    /// Drops every timer.
    public mutating func removeAll() {
        heap.removeAll()
        tasks.removeAll()
    }

    private mutating func dropCancelledTop() {
        while let top = heap.first, tasks[top.id] == nil { removeTop() }
    }

    private mutating func removeTop() {
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
        }
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count && heap[left].precedes(heap[smallest]) { smallest = left }
            if right < heap.count && heap[right].precedes(heap[smallest]) { smallest = right }
            if smallest == parent { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
