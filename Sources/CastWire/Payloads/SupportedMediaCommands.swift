/// MEDIA_STATUS `supportedMediaCommands` bits (protocol.md §2.8, pychromecast's constants).
public struct SupportedMediaCommands: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The bitmask as sent.
    public var rawValue: Int64

    /// Commands from a bitmask; unknown bits are kept.
    public init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// PAUSE = 1.
    public static let pause = Self(rawValue: 1)
    /// SEEK = 2.
    public static let seek = Self(rawValue: 2)
    /// STREAM_VOLUME = 4.
    public static let streamVolume = Self(rawValue: 4)
    /// STREAM_MUTE = 8.
    public static let streamMute = Self(rawValue: 8)
    /// SKIP_FORWARD = 16.
    public static let skipForward = Self(rawValue: 16)
    /// SKIP_BACKWARD = 32.
    public static let skipBackward = Self(rawValue: 32)
    /// QUEUE_NEXT = 64.
    public static let queueNext = Self(rawValue: 64)
    /// QUEUE_PREV = 128.
    public static let queuePrev = Self(rawValue: 128)
    /// QUEUE_SHUFFLE = 256.
    public static let queueShuffle = Self(rawValue: 256)
    /// SKIP_AD = 512.
    public static let skipAd = Self(rawValue: 512)
    /// QUEUE_REPEAT_ALL = 1024.
    public static let queueRepeatAll = Self(rawValue: 1024)
    /// QUEUE_REPEAT_ONE = 2048.
    public static let queueRepeatOne = Self(rawValue: 2048)
    /// EDIT_TRACKS = 4096.
    public static let editTracks = Self(rawValue: 4096)
    /// PLAYBACK_RATE = 8192.
    public static let playbackRate = Self(rawValue: 8192)
    /// LIKE = 16384.
    public static let like = Self(rawValue: 16384)
    /// DISLIKE = 32768.
    public static let dislike = Self(rawValue: 32768)
    /// FOLLOW = 65536.
    public static let follow = Self(rawValue: 65536)
    /// UNFOLLOW = 131072.
    public static let unfollow = Self(rawValue: 131_072)
    /// STREAM_TRANSFER = 262144.
    public static let streamTransfer = Self(rawValue: 262_144)

    /// Every named bit with its protocol name, lowest bit first.
    public static let named: [(command: SupportedMediaCommands, name: String)] = [
        (.pause, "PAUSE"), (.seek, "SEEK"), (.streamVolume, "STREAM_VOLUME"), (.streamMute, "STREAM_MUTE"),
        (.skipForward, "SKIP_FORWARD"), (.skipBackward, "SKIP_BACKWARD"), (.queueNext, "QUEUE_NEXT"),
        (.queuePrev, "QUEUE_PREV"), (.queueShuffle, "QUEUE_SHUFFLE"), (.skipAd, "SKIP_AD"),
        (.queueRepeatAll, "QUEUE_REPEAT_ALL"), (.queueRepeatOne, "QUEUE_REPEAT_ONE"), (.editTracks, "EDIT_TRACKS"),
        (.playbackRate, "PLAYBACK_RATE"), (.like, "LIKE"), (.dislike, "DISLIKE"), (.follow, "FOLLOW"),
        (.unfollow, "UNFOLLOW"), (.streamTransfer, "STREAM_TRANSFER"),
    ]

    /// Names of the set bits, lowest first; unnamed bits as `BIT_n`.
    public var names: [String] {
        var result: [String] = []
        var rest = rawValue
        for entry in Self.named where contains(entry.command) {
            result.append(entry.name)
            rest &= ~entry.command.rawValue
        }
        var bit = 0
        while rest != 0, bit < 64 {
            if rest & (1 << bit) != 0 {
                result.append("BIT_\(bit)")
                rest &= ~(1 << bit)
            }
            bit += 1
        }
        return result
    }

    /// `PAUSE|SEEK|…`.
    public var description: String { names.joined(separator: "|") }
}
