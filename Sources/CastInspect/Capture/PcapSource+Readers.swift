import CastLog

extension PcapSource {
    func nextPcapng(_ pcapng: PcapngReader) throws(CaptureError) -> CapturedPacket? {
        while true {
            let item: PcapngReader.Item
            do throws(PcapngReader.Fault) {
                guard let next = try pcapng.next() else { return nil }
                item = next
            } catch {
                throw CaptureError(kind: error.truncated ? .truncated : .malformed, file: path,
                                   packetNumber: packetsRead + 1, byteOffset: error.offset, reason: error.reason)
            }
            nextRecordOffset = pcapng.offset
            switch item {
            case .keyLog(let text):
                keyLogs.append(text)
            case .packet(let packet):
                guard passes(packet.bytes, linkType: packet.linkType, seconds: packet.seconds,
                             microseconds: packet.microseconds, originalLength: packet.originalLength) else { continue }
                packetsRead += 1
                return CapturedPacket(number: packetsRead, record: packet)
            }
        }
    }

    func nextClassicStream(_ classic: ClassicPcapStreamReader) throws(CaptureError) -> CapturedPacket? {
        while true {
            let start = classic.offset
            let record: CaptureRecord
            do throws(ClassicPcapStreamReader.Fault) {
                guard let next = try classic.next() else { return nil }
                record = next
            } catch {
                throw CaptureError(kind: error.truncated ? .truncated : .malformed, file: path,
                                   packetNumber: packetsRead + 1, byteOffset: start, reason: error.reason)
            }
            nextRecordOffset = classic.offset
            guard passes(record.bytes, linkType: classic.linkType, seconds: record.seconds,
                         microseconds: record.microseconds, originalLength: record.originalLength) else { continue }
            packetsRead += 1
            return CapturedPacket(number: packetsRead, record: record)
        }
    }
}
