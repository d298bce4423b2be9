/// Reads what a player needs from the head of an MPEG-2 transport stream (ISO/IEC 13818-1): the program map's
/// elementary streams and their codecs — AVC and HEVC profile and level from the first sequence parameter set
/// (ISO/IEC 14496-10 §7.3.2.1, ISO/IEC 23008-2 §7.3.2.2), AAC's object type from the first ADTS header, MPEG audio's
/// layer, Dolby audio from the stream type or its descriptors (ETSI TS 101 154 / ATSC A/52).
///
/// Bounded: only whole 188-byte packets of the bytes given are read, the first program only, at most
/// `maximumStreams` streams, and of each stream only the first `inspected` payload bytes.
public enum TSProbe {
    static let packetSize = 188, maximumStreams = 32, inspected = 4096

    /// The probe of `bytes` (container `mpeg-ts`); a stream whose codec could not be told keeps its stream type
    /// (`ts-0x1b`).
    public static func probe(_ bytes: [UInt8]) -> MediaProbe {
        var reader = Reader()
        var offset = 0
        while offset + packetSize <= bytes.count {
            guard bytes[offset] == 0x47 else {
                reader.probe.error = MediaParseError(path: "packet", offset: offset, reason: "no sync byte 0x47")
                break
            }
            reader.read(packet: bytes[offset..<(offset + packetSize)], at: offset)
            if reader.isDone { break }
            offset += packetSize
        }
        reader.finish()
        return reader.probe
    }

    private struct Reader {
        var probe = MediaProbe(container: "mpeg-ts")
        var programMapPID: Int?
        /// Stream PID → (stream type, descriptor tags and registration, payload gathered so far).
        var streams: [(pid: Int, type: UInt8, descriptors: [UInt8: [UInt8]], payload: [UInt8])] = []
        var mapRead = false

        var isDone: Bool { mapRead && streams.allSatisfy { $0.payload.count >= TSProbe.inspected } }

        mutating func read(packet: ArraySlice<UInt8>, at offset: Int) {
            let start = packet.startIndex
            let pid = Int(packet[start + 1] & 0x1F) << 8 | Int(packet[start + 2])
            let unitStart = packet[start + 1] & 0x40 != 0
            let control = (packet[start + 3] >> 4) & 0x03
            var payload = start + 4
            if control & 0x02 != 0 { payload += 1 + Int(packet[start + 4]) }
            guard control & 0x01 != 0, payload < packet.endIndex else { return }
            let body = packet[payload...]
            if pid == 0, unitStart, programMapPID == nil {
                programMapPID = Self.firstProgram(section(body))
            } else if pid == programMapPID, unitStart, !mapRead {
                readMap(section(body), at: offset)
            } else if let index = streams.firstIndex(where: { $0.pid == pid }),
                      streams[index].payload.count < TSProbe.inspected,
                      unitStart || !streams[index].payload.isEmpty {
                streams[index].payload += unitStart ? Self.pesPayload(body) : Array(body)
            }
        }

        /// A PSI section after its pointer field, bounded by its section_length.
        private func section(_ body: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
            guard let pointer = body.first, body.count > 1 + Int(pointer) + 3 else { return [] }
            let table = body.dropFirst(1 + Int(pointer))
            let length = Int(table[table.startIndex + 1] & 0x0F) << 8 | Int(table[table.startIndex + 2])
            return table.prefix(min(table.count, 3 + length))
        }

        private static func firstProgram(_ section: ArraySlice<UInt8>) -> Int? {
            guard section.first == 0x00 else { return nil }
            var index = section.startIndex + 8
            while index + 4 <= section.endIndex - 4 {  // the last four bytes are the CRC
                let program = Int(section[index]) << 8 | Int(section[index + 1])
                let pid = Int(section[index + 2] & 0x1F) << 8 | Int(section[index + 3])
                if program != 0 { return pid }
                index += 4
            }
            return nil
        }

        private mutating func readMap(_ section: ArraySlice<UInt8>, at offset: Int) {
            guard section.first == 0x02, section.count >= 16 else { return }
            let start = section.startIndex
            mapRead = true
            let infoLength = Int(section[start + 10] & 0x0F) << 8 | Int(section[start + 11])
            var index = start + 12 + infoLength
            while index + 5 <= section.endIndex - 4, streams.count < TSProbe.maximumStreams {
                let type = section[index]
                let pid = Int(section[index + 1] & 0x1F) << 8 | Int(section[index + 2])
                let length = Int(section[index + 3] & 0x0F) << 8 | Int(section[index + 4])
                let end = min(index + 5 + length, section.endIndex)
                streams.append((pid, type, Self.descriptors(section[(index + 5)..<end]), []))
                index = end
            }
            if index < section.endIndex - 4 {
                probe.error = MediaParseError(path: "PMT", offset: offset,
                                              reason: "more than \(TSProbe.maximumStreams) streams")
            }
        }

        private static func descriptors(_ bytes: ArraySlice<UInt8>) -> [UInt8: [UInt8]] {
            var found: [UInt8: [UInt8]] = [:]
            var index = bytes.startIndex
            while index + 2 <= bytes.endIndex {
                let length = Int(bytes[index + 1])
                let end = min(index + 2 + length, bytes.endIndex)
                found[bytes[index]] = Array(bytes[(index + 2)..<end])
                index = end
            }
            return found
        }

        /// The bytes after a PES header (ISO/IEC 13818-1 §2.4.3.6), empty when the header is not one.
        private static func pesPayload(_ body: ArraySlice<UInt8>) -> [UInt8] {
            let start = body.startIndex
            guard body.count >= 9, body[start] == 0, body[start + 1] == 0, body[start + 2] == 1 else { return [] }
            return Array(body.dropFirst(9 + Int(body[start + 8])))
        }

        mutating func finish() {
            for stream in streams {
                guard let track = TSStreamCodec.track(type: stream.type, descriptors: stream.descriptors,
                                                       payload: stream.payload) else { continue }
                probe.tracks.append(track)
            }
        }
    }
}
