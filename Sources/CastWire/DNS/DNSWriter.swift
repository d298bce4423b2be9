/// Encodes DNS messages, compressing names against every suffix already written (RFC 1035 §4.1.4).
///
/// Compression matches suffixes byte for byte (so the case of every name survives) and only points at offsets
/// below 0x4000, the largest a pointer can hold. Owner names, PTR targets and SRV targets are compressed (RFC 6762
/// §18.14 allows SRV); the NSEC next name is written in full, as RFC 4034 §4.1.1 requires.
public struct DNSWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []
    private var suffixOffsets: [DNSName: Int] = [:]
    private var compressionEnabled = true

    /// An empty writer; `compressing` false writes every name in full (as some responders do).
    public init(compressing: Bool = true) {
        compressionEnabled = compressing
    }

    /// Number of bytes written.
    public var count: Int { bytes.count }

    /// Encodes `message` with section counts taken from its arrays (at most 65,535 entries per section).
    public static func encode(_ message: DNSMessage) -> [UInt8] {
        var writer = DNSWriter()
        writer.write(message)
        return writer.bytes
    }

    /// Appends a whole message; call on an empty writer, since pointers are offsets from the first byte.
    public mutating func write(_ message: DNSMessage) {
        precondition(bytes.isEmpty, "a DNS message must start at offset 0 of its writer")
        for count in [message.questions.count, message.answers.count, message.authorities.count,
                      message.additionals.count] {
            precondition(count <= Int(UInt16.max), "a DNS section holds at most 65,535 entries")
        }
        bytes.reserveCapacity(512)
        writeUInt16(message.header.id)
        writeUInt16(message.header.flags.rawValue)
        writeUInt16(UInt16(message.questions.count))
        writeUInt16(UInt16(message.answers.count))
        writeUInt16(UInt16(message.authorities.count))
        writeUInt16(UInt16(message.additionals.count))
        for question in message.questions { write(question) }
        for record in message.answers { write(record) }
        for record in message.authorities { write(record) }
        for record in message.additionals { write(record) }
    }

    /// Appends a question.
    public mutating func write(_ question: DNSQuestion) {
        writeName(question.name)
        writeUInt16(question.type.rawValue)
        writeUInt16(question.qclass.rawValue & 0x7FFF | (question.unicastResponse ? 0x8000 : 0))
    }

    /// Appends a resource record; RDLENGTH is filled in after the data.
    public mutating func write(_ record: DNSResourceRecord) {
        writeName(record.name)
        writeUInt16(record.type.rawValue)
        if record.type == .opt {
            writeUInt16(record.rrclass.rawValue)
        } else {
            writeUInt16(record.rrclass.rawValue & 0x7FFF | (record.cacheFlush ? 0x8000 : 0))
        }
        writeUInt32(record.ttl)
        let lengthOffset = bytes.count
        writeUInt16(0)
        writeData(record.data)
        let length = bytes.count - lengthOffset - 2
        precondition(length <= Int(UInt16.max), "RDATA is at most 65,535 bytes")
        bytes[lengthOffset] = UInt8(truncatingIfNeeded: length >> 8)
        bytes[lengthOffset + 1] = UInt8(truncatingIfNeeded: length)
    }

    /// Appends `name`, replacing its longest already-written suffix with a pointer when `compress` is true.
    public mutating func writeName(_ name: DNSName, compress: Bool = true) {
        let compress = compress && compressionEnabled
        var remaining = name
        while !remaining.isRoot {
            if compress, let target = suffixOffsets[remaining] {
                writeUInt16(0xC000 | UInt16(target))
                return
            }
            if compress, bytes.count < 0x4000 { suffixOffsets[remaining] = bytes.count }
            let labelLength = Int(remaining.wire[0])
            bytes.append(contentsOf: remaining.wire[0...labelLength])
            remaining = remaining.dropFirst(1)
        }
        bytes.append(0)
    }

    /// The RDATA of `data` as it would be written alone: names uncompressed.
    public static func rdata(for data: DNSRecordData) -> [UInt8] {
        if case .other(let bytes) = data { return bytes }
        var writer = DNSWriter()
        writer.compressionEnabled = false
        writer.writeData(data)
        return writer.bytes
    }

    private mutating func writeData(_ data: DNSRecordData) {
        switch data {
        case .a(let address):
            writeUInt32(address.value)
        case .aaaa(let address):
            writeUInt32(UInt32(truncatingIfNeeded: address.high >> 32))
            writeUInt32(UInt32(truncatingIfNeeded: address.high))
            writeUInt32(UInt32(truncatingIfNeeded: address.low >> 32))
            writeUInt32(UInt32(truncatingIfNeeded: address.low))
        case .ptr(let target):
            writeName(target)
        case .srv(let srv):
            writeUInt16(srv.priority)
            writeUInt16(srv.weight)
            writeUInt16(srv.port)
            writeName(srv.target)
        case .txt(let txt):
            bytes.append(contentsOf: txt.rdata.isEmpty ? [0] : txt.rdata)
        case .nsec(let nsec):
            writeName(nsec.nextName, compress: false)
            var types = ByteWriter()
            DNSNSEC.writeTypes(nsec.types, to: &types)
            bytes.append(contentsOf: types.bytes)
        case .opt(let opt):
            for option in opt.options {
                writeUInt16(option.code)
                writeUInt16(UInt16(option.data.count))
                bytes.append(contentsOf: option.data)
            }
        case .hinfo(let hinfo):
            bytes.append(UInt8(hinfo.cpu.count))
            bytes.append(contentsOf: hinfo.cpu)
            bytes.append(UInt8(hinfo.os.count))
            bytes.append(contentsOf: hinfo.os)
        case .other(let rdata):
            bytes.append(contentsOf: rdata)
        }
    }

    private mutating func writeUInt16(_ value: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }

    private mutating func writeUInt32(_ value: UInt32) {
        writeUInt16(UInt16(truncatingIfNeeded: value >> 16))
        writeUInt16(UInt16(truncatingIfNeeded: value))
    }
}
