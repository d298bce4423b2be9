/// Builds pcapng blocks (draft-ietf-opsawg-pcapng) in little-endian byte order: the Section Header, Interface
/// Description, Enhanced Packet and Decryption Secrets blocks `castscope capture -w` writes. Pure bytes, no I/O.
public enum PcapngBlocks {
    /// Block type of a Section Header Block.
    static let sectionHeaderType: UInt32 = 0x0A0D_0D0A
    /// Block type of an Interface Description Block.
    static let interfaceDescriptionType: UInt32 = 0x0000_0001
    /// Block type of an Enhanced Packet Block.
    static let enhancedPacketType: UInt32 = 0x0000_0006
    /// Block type of a Decryption Secrets Block.
    static let decryptionSecretsType: UInt32 = 0x0000_000A
    /// DSB secrets type of a TLS key log ("TLSK").
    static let tlsKeyLogSecrets: UInt32 = 0x544C_534B

    /// A Section Header Block (version 1.0, section length unknown) naming the writing application.
    public static func sectionHeader(application: String) -> [UInt8] {
        var body: [UInt8] = []
        append32(0x1A2B_3C4D, to: &body)  // byte-order magic
        append16(1, to: &body)  // major version
        append16(0, to: &body)  // minor version
        body += [UInt8](repeating: 0xFF, count: 8)  // section length: -1, not known
        appendOption(4, Array(application.utf8), to: &body)  // shb_userappl
        appendEndOfOptions(to: &body)
        return block(sectionHeaderType, body)
    }

    /// An Interface Description Block for `linkType` with microsecond timestamps (the default resolution).
    public static func interfaceDescription(linkType: UInt32, snapshotLength: UInt32, name: String?) -> [UInt8] {
        var body: [UInt8] = []
        append16(UInt16(truncatingIfNeeded: linkType), to: &body)
        append16(0, to: &body)  // reserved
        append32(snapshotLength, to: &body)
        if let name, !name.isEmpty { appendOption(2, Array(name.utf8), to: &body) }  // if_name
        appendOption(9, [6], to: &body)  // if_tsresol: 10^-6 s
        appendEndOfOptions(to: &body)
        return block(interfaceDescriptionType, body)
    }

    /// An Enhanced Packet Block on interface 0 with a microsecond timestamp.
    public static func enhancedPacket(microseconds: UInt64, captured: some Collection<UInt8>,
                                      originalLength: Int) -> [UInt8] {
        var body: [UInt8] = []
        body.reserveCapacity(20 + captured.count + 3)
        append32(0, to: &body)  // interface id
        append32(UInt32(truncatingIfNeeded: microseconds >> 32), to: &body)
        append32(UInt32(truncatingIfNeeded: microseconds), to: &body)
        append32(UInt32(clamping: captured.count), to: &body)
        append32(UInt32(clamping: max(originalLength, captured.count)), to: &body)
        body += captured
        pad(&body)
        return block(enhancedPacketType, body)
    }

    /// A Decryption Secrets Block carrying NSS key-log text (secrets type TLS key log).
    public static func decryptionSecrets(keyLog: some Collection<UInt8>) -> [UInt8] {
        var body: [UInt8] = []
        append32(tlsKeyLogSecrets, to: &body)
        append32(UInt32(clamping: keyLog.count), to: &body)
        body += keyLog
        pad(&body)
        return block(decryptionSecretsType, body)
    }

    // MARK: Pieces

    /// Type, total length, body, total length again.
    private static func block(_ type: UInt32, _ body: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(body.count + 12)
        append32(type, to: &out)
        append32(UInt32(clamping: body.count + 12), to: &out)
        out += body
        append32(UInt32(clamping: body.count + 12), to: &out)
        return out
    }

    private static func appendOption(_ code: UInt16, _ value: [UInt8], to out: inout [UInt8]) {
        append16(code, to: &out)
        append16(UInt16(clamping: value.count), to: &out)
        out += value.prefix(Int(UInt16.max))
        pad(&out)
    }

    private static func appendEndOfOptions(to out: inout [UInt8]) { out += [0, 0, 0, 0] }

    private static func pad(_ out: inout [UInt8]) {
        while out.count % 4 != 0 { out.append(0) }
    }

    private static func append16(_ value: UInt16, to out: inout [UInt8]) {
        out += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
    }

    private static func append32(_ value: UInt32, to out: inout [UInt8]) {
        out += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8),
                UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 24)]
    }
}
