/// One selective-acknowledgment block: bytes from `left` up to (not including) `right` were received.
public struct TCPSACKBlock: Sendable, Hashable {
    /// Left edge (first sequence number of the block).
    public var left: UInt32
    /// Right edge (sequence number after the block).
    public var right: UInt32

    /// A block from `left` to `right`.
    public init(left: UInt32, right: UInt32) {
        self.left = left
        self.right = right
    }
}
