/// `GCKMediaRepeatMode` with its wire string; `unchanged` is the SDK's "leave as it is" and has none.
public enum MediaRepeatMode: Int, Sendable, Hashable, CaseIterable {
    /// 0: keep the current mode.
    case unchanged = 0
    /// 1: `REPEAT_OFF`.
    case off = 1
    /// 2: `REPEAT_SINGLE`.
    case single = 2
    /// 3: `REPEAT_ALL`.
    case all = 3
    /// 4: `REPEAT_ALL_AND_SHUFFLE`.
    case allAndShuffle = 4

    /// The mode from its wire string.
    public init?(wireName: String) {
        guard let mode = Self.allCases.first(where: { $0.wireName == wireName }) else { return nil }
        self = mode
    }

    /// The wire string, nil for `unchanged`.
    public var wireName: String? {
        switch self {
        case .unchanged: nil
        case .off: "REPEAT_OFF"
        case .single: "REPEAT_SINGLE"
        case .all: "REPEAT_ALL"
        case .allAndShuffle: "REPEAT_ALL_AND_SHUFFLE"
        }
    }

    /// GCKUIMediaController's cycle (seed 003): Off → All → Single → AllAndShuffle → Off.
    public var next: MediaRepeatMode {
        switch self {
        case .unchanged, .off: .all
        case .all: .single
        case .single: .allAndShuffle
        case .allAndShuffle: .off
        }
    }
}
