/// RFC 6381 codec strings from the configuration boxes of MP4 sample entries, as browsers' `canPlayType` and Cast
/// receivers read them: AVC (ISO/IEC 14496-15 §5.3.3, `avc1.PPCCLL`), HEVC (14496-15 Annex E), AAC and other
/// MPEG-4 audio (RFC 6381 §3.3, `mp4a.OO[.A]` from the ES descriptor, 14496-1 §7.2.6), VP9 (the VP9 ISO BMFF
/// binding, `vp09.PP.LL.DD`), AV1 (the AV1 ISO BMFF binding, `av01.P.LLT.DD`). Each reads only its box's payload
/// and returns nil when it is too short or malformed.
enum CodecString {
    /// `avc1.64001F`: profile, constraint flags and level from an `avcC` payload.
    static func avc(_ entry: String, config: ArraySlice<UInt8>) -> String? {
        guard config.count >= 4, config[config.startIndex] == 1 else { return nil }
        let start = config.startIndex
        return entry + "." + hex2(config[start + 1]) + hex2(config[start + 2]) + hex2(config[start + 3])
    }

    /// `hvc1.2.4.L153.B0`: profile space and profile, compatibility flags (bit-reversed), tier and level, then the
    /// constraint bytes without trailing zero bytes, from an `hvcC` payload.
    static func hevc(_ entry: String, config: ArraySlice<UInt8>) -> String? {
        guard config.count >= 13, config[config.startIndex] == 1 else { return nil }
        let bytes = Array(config.prefix(13))
        let space = Int(bytes[1] >> 6), tier = bytes[1] & 0x20 != 0, profile = Int(bytes[1] & 0x1F)
        let compatibility = UInt32(bytes[2]) << 24 | UInt32(bytes[3]) << 16 | UInt32(bytes[4]) << 8 | UInt32(bytes[5])
        var constraints = Array(bytes[6..<12])
        while let last = constraints.last, last == 0 { constraints.removeLast() }
        var text = entry + "." + (space > 0 ? String(["A", "B", "C"][space - 1]) : "") + String(profile)
        text += "." + String(compatibility.bitReversed, radix: 16, uppercase: true)
        text += "." + (tier ? "H" : "L") + String(bytes[12])
        for byte in constraints { text += "." + String(byte, radix: 16, uppercase: true) }
        return text
    }

    /// `vp09.00.30.08`: profile, level and bit depth from a `vpcC` payload (a full box).
    static func vp9(config: ArraySlice<UInt8>) -> String? {
        guard config.count >= 7 else { return nil }
        let start = config.startIndex
        let profile = Int(config[start + 4]), level = Int(config[start + 5]), depth = Int(config[start + 6] >> 4)
        return "vp09." + decimal2(profile) + "." + decimal2(level) + "." + decimal2(depth)
    }

    /// `av01.0.04M.08`: profile, level with tier, and bit depth from an `av1C` payload.
    static func av1(config: ArraySlice<UInt8>) -> String? {
        guard config.count >= 4, config[config.startIndex] & 0x80 != 0 else { return nil }
        let start = config.startIndex
        let profile = Int(config[start + 1] >> 5), level = Int(config[start + 1] & 0x1F)
        let flags = config[start + 2]
        let tier = flags & 0x80 != 0
        let depth = flags & 0x40 == 0 ? 8 : flags & 0x20 != 0 ? 12 : 10
        return "av01.\(profile)." + decimal2(level) + (tier ? "H" : "M") + "." + decimal2(depth)
    }

    /// `mp4a.40.2` (MPEG-4 audio with its audio object type) or `mp4a.6B` (another object type) from an `esds`
    /// payload (a full box holding an ES descriptor).
    static func mpeg4Audio(esds: ArraySlice<UInt8>) -> String? {
        guard let (objectType, specific) = decoderConfig(esds: esds) else { return nil }
        guard objectType == 0x40 else { return "mp4a." + hex2(objectType) }
        guard let specific, let first = specific.first else { return "mp4a.40" }
        var audioObjectType = Int(first >> 3)
        if audioObjectType == 31 {
            guard specific.count >= 2 else { return "mp4a.40" }
            audioObjectType = 32 + (Int(first & 0x07) << 3 | Int(specific[1] >> 5))
        }
        return "mp4a.40.\(audioObjectType)"
    }

    /// The channel count MPEG-4 audio's AudioSpecificConfig gives (14496-3 §1.6.2.1: the channel configuration after
    /// the object type and the sampling frequency index), nil when it defers to a program config (0) or is absent:
    /// muxers often write 2 in the sample entry whatever the stream holds.
    static func mpeg4AudioChannels(esds: ArraySlice<UInt8>) -> Int? {
        guard let (objectType, specific) = decoderConfig(esds: esds), objectType == 0x40, let specific,
              specific.count >= 2, specific[0] >> 3 != 31 else { return nil }
        let bits = UInt32(specific[0]) << 24 | UInt32(specific[1]) << 16
            | UInt32(specific.count > 2 ? specific[2] : 0) << 8 | UInt32(specific.count > 3 ? specific[3] : 0)
        let frequencyIndex = bits >> 23 & 0xF
        // An explicit 24-bit frequency (index 15) pushes the channel configuration past the bytes read here.
        guard frequencyIndex != 15 else { return nil }
        let configuration = Int(bits >> 19 & 0xF)
        switch configuration {
        case 1...6: return configuration
        case 7: return 8
        default: return nil
        }
    }

    /// The ES descriptor's object type and its decoder-specific info (14496-1 §7.2.6), from an `esds` payload.
    private static func decoderConfig(esds: ArraySlice<UInt8>) -> (objectType: UInt8, specific: [UInt8]?)? {
        var reader = DescriptorReader(bytes: Array(esds.dropFirst(4)))
        guard let es = reader.descriptor(tag: 0x03) else { return nil }
        var inner = DescriptorReader(bytes: es)
        guard let flags = inner.skip(2).flatMap({ _ in inner.byte() }) else { return nil }
        if flags & 0x80 != 0, inner.skip(2) == nil { return nil }
        if flags & 0x40 != 0 {
            guard let length = inner.byte(), inner.skip(Int(length)) != nil else { return nil }
        }
        if flags & 0x20 != 0, inner.skip(2) == nil { return nil }
        guard let config = inner.descriptor(tag: 0x04), let objectType = config.first else { return nil }
        var decoder = DescriptorReader(bytes: Array(config.dropFirst(13)))
        return (objectType, decoder.descriptor(tag: 0x05))
    }

    static func hex2(_ byte: UInt8) -> String {
        let text = String(byte, radix: 16, uppercase: true)
        return byte < 16 ? "0" + text : text
    }

    private static func decimal2(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// MPEG-4 descriptors (14496-1 §7.2.2): a tag, a size in up to four 7-bit groups, the payload.
    private struct DescriptorReader {
        let bytes: [UInt8]
        var position = 0

        mutating func byte() -> UInt8? {
            guard position < bytes.count else { return nil }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func skip(_ count: Int) -> Void? {
            guard count >= 0, bytes.count - position >= count else { return nil }
            position += count
            return ()
        }

        /// The payload of the next descriptor when its tag is `tag` (nil otherwise, or when it is cut).
        mutating func descriptor(tag: UInt8) -> [UInt8]? {
            guard byte() == tag else { return nil }
            var size = 0
            for _ in 0..<4 {
                guard let next = byte() else { return nil }
                size = size << 7 | Int(next & 0x7F)
                if next & 0x80 == 0 { break }
            }
            guard bytes.count - position >= size else { return nil }
            defer { position += size }
            return Array(bytes[position..<position + size])
        }
    }
}

extension UInt32 {
    /// The bits in reverse order (bit 0 becomes bit 31).
    var bitReversed: UInt32 {
        var value = self, result: UInt32 = 0
        for _ in 0..<32 {
            result = result << 1 | value & 1
            value >>= 1
        }
        return result
    }
}
