import Foundation
@testable import CastWire

/// A minimal classic-pcap reader for tests (global header + records); the inspector's real capture reader lives
/// elsewhere. Handles both byte orders and the microsecond and nanosecond magics.
struct PacketCaptureFile {
    struct FormatError: Error, CustomStringConvertible {
        var description: String
    }

    var linkType: LinkType
    var packets: [[UInt8]]

    init(bytes: [UInt8]) throws {
        var reader = ByteReader(bytes)
        guard let magic = reader.readUInt32LE() else { throw FormatError(description: "no global header") }
        let littleEndian: Bool
        switch magic {
        case 0xA1B2_C3D4, 0xA1B2_3C4D: littleEndian = true
        case 0xD4C3_B2A1, 0x4D3C_B2A1: littleEndian = false
        default: throw FormatError(description: "bad magic \(String(magic, radix: 16))")
        }
        func u32(_ r: inout ByteReader) -> UInt32? { littleEndian ? r.readUInt32LE() : r.readUInt32BE() }
        guard reader.skip(12), let snaplen = u32(&reader), let network = u32(&reader) else {
            throw FormatError(description: "short global header")
        }
        _ = snaplen
        linkType = LinkType(rawValue: network & 0x0FFF_FFFF)  // upper bits carry FCS flags
        packets = []
        while !reader.isAtEnd {
            guard reader.skip(8), let captured = u32(&reader), u32(&reader) != nil,
                  let data = reader.readArray(Int(captured))
            else { throw FormatError(description: "truncated record after \(packets.count) packets") }
            packets.append(data)
        }
    }

    init(contentsOf url: URL) throws {
        try self.init(bytes: [UInt8](try Data(contentsOf: url)))
    }
}
