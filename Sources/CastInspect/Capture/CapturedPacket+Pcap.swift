internal import CPcap
import CastLog
import CastWire

extension CapturedPacket {
    /// The packet libpcap handed over (`pcap_next_ex`): its `caplen` bytes at `data` are copied, since libpcap
    /// reuses them on its next call.
    init(number: Int, header: pcap_pkthdr, data: UnsafePointer<UInt8>, linkType: LinkType) {
        let captured = Int(header.caplen)
        self.init(
            number: number,
            time: LogTimestamp(seconds: Int64(header.ts.tv_sec), microseconds: Int32(clamping: header.ts.tv_usec)),
            linkType: linkType, bytes: [UInt8](UnsafeBufferPointer(start: data, count: captured)),
            originalLength: max(Int(header.len), captured))
    }
}

extension CapturedPacket {
    /// The packet a castscope reader returned, numbered.
    init(number: Int, record: CaptureRecord) {
        self.init(number: number, time: LogTimestamp(seconds: record.seconds, microseconds: record.microseconds),
                  linkType: LinkType(rawValue: record.linkType), bytes: record.bytes,
                  originalLength: record.originalLength)
    }
}
