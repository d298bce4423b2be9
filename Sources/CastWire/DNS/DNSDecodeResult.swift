/// What a lax decode produced: every question and record before the fault, and the fault (nil when none).
public struct DNSDecodeResult: Sendable, Hashable {
    /// The decoded part; its header counts are the claimed ones, its arrays hold what decoded.
    public var message: DNSMessage
    /// The first fault, or nil when the whole message decoded.
    public var error: DNSError?
    /// Records skipped because their RDATA was bad while RDLENGTH kept them in bounds; decoding went on after each
    /// (the first is also `error`).
    public var skippedRecords: [DNSError]

    /// Creates a result.
    public init(message: DNSMessage, error: DNSError?, skippedRecords: [DNSError] = []) {
        self.message = message
        self.error = error
        self.skippedRecords = skippedRecords
    }
}
