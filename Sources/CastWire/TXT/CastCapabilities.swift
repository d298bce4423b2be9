/// The `ca` bitmask of a Cast TXT record (protocol.md §3.2): what the device can do. Unknown bits are kept.
public struct CastCapabilities: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The decimal value from the TXT record.
    public var rawValue: UInt64

    /// Wraps a bitmask.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Has a video output (a TV or Chromecast dongle).
    public static let videoOut = CastCapabilities(rawValue: 1)
    /// Has a video input.
    public static let videoIn = CastCapabilities(rawValue: 2)
    /// Has an audio output.
    public static let audioOut = CastCapabilities(rawValue: 4)
    /// Has an audio input.
    public static let audioIn = CastCapabilities(rawValue: 8)
    /// Is in developer mode.
    public static let devMode = CastCapabilities(rawValue: 16)
    /// Is a multizone (speaker) group.
    public static let multizoneGroup = CastCapabilities(rawValue: 32)
    /// Is a dynamic group.
    public static let dynamicGroup = CastCapabilities(rawValue: 64)
    /// Is a multi-channel group.
    public static let multiChannelGroup = CastCapabilities(rawValue: 128)
    /// Is a member of a multi-channel group.
    public static let multiChannelMember = CastCapabilities(rawValue: 256)
    /// Master volume or fixed volume.
    public static let masterOrFixedVolume = CastCapabilities(rawValue: 2048)
    /// Attenuation volume or fixed volume.
    public static let attenuationOrFixedVolume = CastCapabilities(rawValue: 4096)
    /// Can join dynamic groups.
    public static let dynamicGroupingSupported = CastCapabilities(rawValue: 65536)

    /// Every bit with a name, in ascending order, with the names the Cast SDKs use.
    public static let named: [(capability: CastCapabilities, name: String)] = [
        (.videoOut, "VIDEO_OUT"), (.videoIn, "VIDEO_IN"), (.audioOut, "AUDIO_OUT"), (.audioIn, "AUDIO_IN"),
        (.devMode, "DEV_MODE"), (.multizoneGroup, "MULTIZONE_GROUP"), (.dynamicGroup, "DYNAMIC_GROUP"),
        (.multiChannelGroup, "MULTI_CHANNEL_GROUP"), (.multiChannelMember, "MULTI_CHANNEL_MEMBER"),
        (.masterOrFixedVolume, "MASTER_OR_FIXED_VOLUME"), (.attenuationOrFixedVolume, "ATTENUATION_OR_FIXED_VOLUME"),
        (.dynamicGroupingSupported, "DYNAMIC_GROUPING_SUPPORTED"),
    ]

    /// The names of the known bits that are set, ascending.
    public var names: [String] {
        CastCapabilities.named.filter { contains($0.capability) }.map(\.name)
    }

    /// The set bits that have no name.
    public var unknownBits: UInt64 {
        CastCapabilities.named.reduce(rawValue) { $0 & ~$1.capability.rawValue }
    }

    /// Names joined with `|`, unknown bits appended in hex, e.g. `VIDEO_OUT|AUDIO_OUT|0x400`.
    public var description: String {
        var parts = names
        if unknownBits != 0 { parts.append("0x" + String(unknownBits, radix: 16)) }
        return parts.isEmpty ? "0" : parts.joined(separator: "|")
    }
}
