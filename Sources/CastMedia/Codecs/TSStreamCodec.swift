/// The codec of one transport-stream elementary stream, from its stream type, its descriptors and the first bytes
/// of its payload (stream types: ISO/IEC 13818-1 Table 2-34; AC-3/E-AC-3 descriptors 0x6A/0x7A of ETSI EN 300 468
/// and registration descriptor 0x05 formats).
enum TSStreamCodec {
    /// The track for a stream, nil for streams that carry no picture or sound (metadata, SCTE-35 cues).
    static func track(type: UInt8, descriptors: [UInt8: [UInt8]], payload: [UInt8]) -> MediaTrack? {
        let entry = String(format2: type)
        switch type {
        case 0x1B: return MediaTrack(kind: .video, codec: avc(payload) ?? "avc1", sampleEntry: entry)
        case 0x24: return MediaTrack(kind: .video, codec: hevc(payload) ?? "hvc1", sampleEntry: entry)
        case 0x01, 0x02: return MediaTrack(kind: .video, codec: "mp2v", sampleEntry: entry)
        case 0x0F: return audio(adts(payload) ?? "mp4a.40", entry, payload)
        case 0x11: return audio("mp4a.40", entry, payload)  // LATM: the object type is inside the mux config
        case 0x03, 0x04: return audio(mpegAudio(payload), entry, payload)
        case 0x81: return audio("ac-3", entry, payload)
        case 0x87: return audio("ec-3", entry, payload)
        case 0x06:
            if descriptors[0x6A] != nil { return audio("ac-3", entry, payload) }
            if descriptors[0x7A] != nil { return audio("ec-3", entry, payload) }
            switch descriptors[0x05].map({ String(decoding: $0.prefix(4), as: UTF8.self) }) {
            case "AC-3": return audio("ac-3", entry, payload)
            case "EAC3": return audio("ec-3", entry, payload)
            case "Opus": return audio("opus", entry, payload)
            default: return nil
            }
        case 0x15, 0x86: return nil
        default: return MediaTrack(kind: .other, codec: "ts-" + entry, sampleEntry: entry)
        }
    }

    private static func audio(_ codec: String, _ entry: String, _ payload: [UInt8]) -> MediaTrack {
        MediaTrack(kind: .audio, codec: codec, sampleEntry: entry)
    }

    /// `avc1.PPCCLL` from the first sequence parameter set (NAL type 7) in Annex B bytes.
    static func avc(_ bytes: [UInt8]) -> String? {
        guard let sps = nalUnit(in: bytes, matching: { $0 & 0x1F == 7 }, header: 1), sps.count >= 3 else { return nil }
        return "avc1." + CodecString.hex2(sps[0]) + CodecString.hex2(sps[1]) + CodecString.hex2(sps[2])
    }

    /// `hvc1.P.C.Lnn` from the first HEVC sequence parameter set (NAL type 33): its profile_tier_level.
    static func hevc(_ bytes: [UInt8]) -> String? {
        guard let sps = nalUnit(in: bytes, matching: { ($0 >> 1) & 0x3F == 33 }, header: 2), sps.count >= 13 else {
            return nil
        }
        // sps[0]: vps id, max sub-layers, nesting; then the general profile, 32 compatibility flags, 48 constraint
        // flags and the level: the same 12 bytes an hvcC carries from its second byte.
        var config: [UInt8] = [1]
        config += sps[1..<13]
        return CodecString.hevc("hvc1", config: config[...])
    }

    /// The bytes of the first NAL unit whose header's first byte matches, after its `header` bytes, with the
    /// emulation-prevention bytes (00 00 03) removed; at most 64 bytes.
    private static func nalUnit(in bytes: [UInt8], matching: (UInt8) -> Bool, header: Int) -> [UInt8]? {
        var index = 0
        while index + 3 + header < bytes.count {
            if bytes[index] == 0, bytes[index + 1] == 0, bytes[index + 2] == 1, matching(bytes[index + 3]) {
                var unit: [UInt8] = []
                var zeros = 0
                for byte in bytes[(index + 3 + header)...].prefix(80) {
                    if zeros >= 2 && byte == 3 { zeros = 0; continue }
                    if zeros >= 2 && byte <= 1 { break }  // the next start code
                    zeros = byte == 0 ? zeros + 1 : 0
                    unit.append(byte)
                    if unit.count == 64 { break }
                }
                return unit
            }
            index += 1
        }
        return nil
    }

    /// `mp4a.40.N` from the first ADTS header (profile + 1 is the audio object type).
    private static func adts(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 3, bytes[0] == 0xFF, bytes[1] & 0xF6 == 0xF0 else { return nil }
        return "mp4a.40.\(Int(bytes[2] >> 6) + 1)"
    }

    /// `mp3` for layer III, `mp2` for layers I and II, from the first MPEG audio frame header.
    private static func mpegAudio(_ bytes: [UInt8]) -> String {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] & 0xE0 == 0xE0 else { return "mp3" }
        return bytes[1] & 0x06 == 0x02 ? "mp3" : "mp2"
    }
}

private extension String {
    /// A stream type as two hex digits with its `0x`.
    init(format2 type: UInt8) {
        self = "0x" + CodecString.hex2(type).lowercased()
    }
}
