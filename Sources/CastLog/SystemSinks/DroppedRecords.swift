import Synchronization

/// Counts the records a system sink could not deliver and says so once on stderr, naming the target and the cause.
final class DroppedRecords: Sendable {
    private let target: String
    private let state = Mutex<(count: Int, said: Bool)>((0, false))
    private let report: @Sendable (String) -> Void

    init(target: String, report: @escaping @Sendable (String) -> Void = DroppedRecords.standardError) {
        self.target = target
        self.report = report
    }

    /// How many records were dropped so far.
    var count: Int { state.withLock { $0.count } }

    /// Counts `records` dropped because of `cause`; the first drop is said on stderr.
    func drop(_ records: Int = 1, cause: String) {
        let first = state.withLock { state -> Bool in
            state.count += records
            defer { state.said = true }
            return !state.said
        }
        if first {
            report("castscope: log target \(target) is not taking records (\(cause)); they are dropped, "
                + "the program goes on")
        }
    }

    static let standardError: @Sendable (String) -> Void = { line in
        FileDescriptorWriter.writeAll(2, Array((line + "\n").utf8))
    }
}
