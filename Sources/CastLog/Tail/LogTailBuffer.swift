/// Keeps the last `capacity` elements appended, in order, like `tail -n`: memory holds `capacity` elements however
/// many pass through.
public struct LogTailBuffer<Element> {
    /// How many elements are kept at most.
    public let capacity: Int
    private var storage: [Element] = []
    private var start = 0

    /// An empty buffer keeping up to `capacity` elements (0 keeps none).
    public init(capacity: Int) {
        precondition(capacity >= 0, "capacity must not be negative")
        self.capacity = capacity
    }

    /// Appends `element`, dropping the oldest one when full.
    public mutating func append(_ element: Element) {
        guard capacity > 0 else { return }
        if storage.count < capacity {
            storage.append(element)
        } else {
            storage[start] = element
            start = (start + 1) % capacity
        }
    }

    /// The kept elements, oldest first.
    public var elements: [Element] {
        Array(storage[start...] + storage[..<start])
    }

    /// How many elements are kept now.
    public var count: Int { storage.count }
}

extension LogTailBuffer: Sendable where Element: Sendable {}
