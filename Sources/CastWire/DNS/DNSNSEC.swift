/// NSEC record data (RFC 4034 §4): the next owner name and the set of types that exist, as mDNS uses it for
/// negative answers (RFC 6762 §6.1).
public struct DNSNSEC: Sendable, Hashable {
    /// The next domain name (in mDNS, the owner name itself).
    public var nextName: DNSName
    /// The types present, ascending.
    public var types: [DNSType]

    /// Creates NSEC data.
    public init(nextName: DNSName, types: [DNSType]) {
        self.nextName = nextName
        self.types = types
    }

    /// Decodes type bitmaps (RFC 4034 §4.1.2): windows in ascending order, each 1…32 bytes long.
    static func readTypes(from reader: inout ByteReader) throws(DNSError) -> [DNSType] {
        var types: [DNSType] = []
        var lastWindow = -1
        while !reader.isAtEnd {
            let windowOffset = reader.position
            guard let window = reader.readUInt8(), let length = reader.readUInt8() else {
                throw DNSError(.truncated, section: .header, offset: windowOffset, needed: 2,
                               available: reader.remaining + (reader.position - windowOffset))
            }
            guard Int(window) > lastWindow, length >= 1, length <= 32 else {
                throw DNSError(.malformedRecordData, section: .header, offset: windowOffset)
            }
            lastWindow = Int(window)
            let bitmapOffset = reader.position
            guard let bitmap = reader.readBytes(Int(length)) else {
                throw DNSError(.truncated, section: .header, offset: bitmapOffset, needed: Int(length),
                               available: reader.remaining)
            }
            for (byteIndex, byte) in bitmap.enumerated() where byte != 0 {
                for bit in 0..<8 where byte & (0x80 >> bit) != 0 {
                    types.append(DNSType(rawValue: UInt16(window) << 8 | UInt16(byteIndex * 8 + bit)))
                }
            }
        }
        return types
    }

    /// Encodes `types` as type bitmaps.
    static func writeTypes(_ types: [DNSType], to writer: inout ByteWriter) {
        let sorted = Set(types.map(\.rawValue)).sorted()
        var index = 0
        while index < sorted.count {
            let window = sorted[index] >> 8
            var bitmap = [UInt8](repeating: 0, count: 32)
            var used = 0
            while index < sorted.count, sorted[index] >> 8 == window {
                let low = Int(sorted[index] & 0xFF)
                bitmap[low / 8] |= 0x80 >> UInt8(low % 8)
                used = low / 8 + 1
                index += 1
            }
            writer.writeUInt8(UInt8(window))
            writer.writeUInt8(UInt8(used))
            writer.writeBytes(bitmap[0..<used])
        }
    }
}
