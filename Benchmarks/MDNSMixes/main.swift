import CastWire
import Foundation

// Writes the mDNS captures `make bench-inspect` measures the mDNS path on: five mixes of documented shapes, each
// made with castscope's own DNS writer, so the speed goals hold on any realistic traffic, not one capture.
//
//   MDNSMixes OUTDIR [MEGABYTES]     (default 150 per mix)
//
// - responders: Cast devices and other responders announcing PTR, SRV, a full Cast TXT, A and AAAA in one response
//   (RFC 6762 §8.3), cache-flush bits, with other services' records beside them; compressed names.
// - phone-queries: queriers as iOS and Android send them: 12–20 questions in one query (RFC 6762 §5.3 allows many),
//   some with the QU bit, and known-answer lists of 10–40 PTR records (§7.1), from 30 phones; one packet in 20 a
//   Cast responder's answer, so queries wait and are paired.
// - goodbyes: goodbye storms (TTL 0 for every record of 50 devices, §10.1) between re-announcements.
// - ipv6-long-txt: IPv6 (ff02::fb) traffic of mixed services with long TXT records (~800 bytes) and legacy unicast
//   queries from ephemeral ports (§6.7).
// - uncompressed-truncated: responses with every name written in full, queries with the TC bit (§7.2), and packets
//   cut short by the capture's snap length.
// Timestamps advance 200 µs a packet (5,000 packets a second).

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: MDNSMixes OUTDIR [MEGABYTES]\n".utf8))
    exit(64)
}
let directory = arguments[1]
let megabytes = arguments.count > 2 ? Int(arguments[2]) ?? 150 : 150

/// A fixed pseudo-random sequence: the same mixes on every run.
struct Sequence {
    var state: UInt64 = 0x5eed
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(max(bound, 1)))
    }
}

func name(_ text: String) -> DNSName {
    guard let name = DNSName(text) else { preconditionFailure("bad name \(text)") }
    return name
}

let services = ["_googlecast", "_airplay", "_raop", "_companion-link", "_homekit", "_hap", "_spotify-connect",
                "_sleep-proxy._udp", "_device-info", "_rdlink", "_apple-mobdev2", "_googlezone", "_ipp", "_printer",
                "_smb", "_afpovertcp", "_sftp-ssh", "_ssh", "_http", "_matter", "_meshcop._udp", "_androidtvremote2"]

func serviceName(_ service: String) -> DNSName {
    name(service.hasSuffix("._udp") ? service + ".local." : service + "._tcp.local.")
}

func castTXT(_ device: Int, long: Bool = false) -> DNSTXT {
    var strings = [
        "id=\(String(format: "%032x", device * 7919))", "cd=\(String(format: "%032X", device * 104_729))",
        "rm=", "ve=05", "md=Chromecast", "ic=/setup/icon.png", "fn=Living Room \(device)", "ca=465413", "st=0",
        "bs=FA8FCA\(String(format: "%06X", device))", "nf=1", "rs=",
    ]
    if long { strings += (0..<12).map { "x\($0)=" + String(repeating: "abcdefgh", count: 7) } }
    return DNSTXT(strings)
}

func deviceRecords(_ device: Int, ttl: UInt32 = 120, longTXT: Bool = false) -> [DNSResourceRecord] {
    let instance = name("Chromecast-\(String(format: "%032x", device * 7919))._googlecast._tcp.local.")
    let host = name("\(String(format: "%08x", device * 31))-cast.local.")
    return [
        DNSResourceRecord(name: serviceName("_googlecast"), type: .ptr, ttl: ttl, data: .ptr(instance)),
        DNSResourceRecord(name: instance, type: .srv, cacheFlush: true, ttl: ttl,
                          data: .srv(DNSSRV(priority: 0, weight: 0, port: 8009, target: host))),
        DNSResourceRecord(name: instance, type: .txt, cacheFlush: true, ttl: ttl,
                          data: .txt(castTXT(device, long: longTXT))),
        DNSResourceRecord(name: host, type: .a, cacheFlush: true, ttl: ttl,
                          data: .a(DNSIPv4Address(10, 0, UInt8(device / 250), UInt8(1 + device % 250)))),
        DNSResourceRecord(name: host, type: .aaaa, cacheFlush: true, ttl: ttl,
                          data: .aaaa(DNSIPv6Address(high: 0xfe80_0000_0000_0000, low: UInt64(device)))),
    ]
}

func otherRecords(_ index: Int) -> [DNSResourceRecord] {
    let service = services[1 + index % (services.count - 1)]
    let instance = name("Device \(index).\(service.hasSuffix("._udp") ? service : service + "._tcp").local.")
    let host = name("host-\(index).local.")
    return [
        DNSResourceRecord(name: serviceName(service), type: .ptr, ttl: 4500, data: .ptr(instance)),
        DNSResourceRecord(name: instance, type: .srv, cacheFlush: true, ttl: 120,
                          data: .srv(DNSSRV(priority: 0, weight: 0, port: UInt16(7000 + index % 100), target: host))),
        DNSResourceRecord(name: instance, type: .txt, cacheFlush: true, ttl: 4500,
                          data: .txt(DNSTXT(["model=Model\(index)", "srcvers=\(index % 900).1", "flags=0x4"]))),
    ]
}

func response(_ answers: [DNSResourceRecord], additionals: [DNSResourceRecord] = []) -> DNSMessage {
    DNSMessage(flags: DNSFlags(qr: true, aa: true), answers: answers, additionals: additionals)
}

/// A phone's query: many questions, some QU, and a known-answer list that may or may not list Cast devices.
func phoneQuery(_ phone: Int, listsCast: Bool, _ random: inout Sequence) -> DNSMessage {
    let count = 12 + random.next(9)
    let questions = (0..<count).map { index -> DNSQuestion in
        DNSQuestion(name: serviceName(services[(phone + index) % services.count]), type: .ptr,
                    unicastResponse: index % 4 == 0)
    }
    var known: [DNSResourceRecord] = []
    for index in 0..<(10 + random.next(31)) {
        known += otherRecords(phone * 50 + index).prefix(1)
    }
    if listsCast { known += (0..<3).map { deviceRecords(phone * 3 + $0)[0] } }
    return DNSMessage(id: 0, questions: questions, answers: known)
}

struct Packet {
    var frame: [UInt8]
    var capturedLength: Int
}

func checksum(_ bytes: [UInt8], initial: UInt32 = 0) -> UInt16 {
    var sum = initial
    var index = 0
    while index + 1 < bytes.count {
        sum += UInt32(bytes[index]) << 8 | UInt32(bytes[index + 1])
        index += 2
    }
    if index < bytes.count { sum += UInt32(bytes[index]) << 8 }
    while sum > 0xFFFF { sum = (sum & 0xFFFF) + (sum >> 16) }
    return ~UInt16(sum)
}

func be16(_ value: Int) -> [UInt8] { [UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)] }

/// Ethernet + IPv4 or IPv6 + UDP around `payload`, checksums computed.
func packet(_ payload: [UInt8], from host: Int, sourcePort: Int = 5353, destinationPort: Int = 5353, ipv6: Bool = false,
            unicastTo destination: Int? = nil) -> [UInt8] {
    var udp = be16(sourcePort) + be16(destinationPort) + be16(8 + payload.count) + [0, 0] + payload
    if ipv6 {
        let source: [UInt8] = [0xfe, 0x80] + [UInt8](repeating: 0, count: 10) + be16(host >> 16) + be16(host & 0xFFFF)
        let target: [UInt8] = destination.map { [0xfe, 0x80] + [UInt8](repeating: 0, count: 10) + be16($0 >> 16)
            + be16($0 & 0xFFFF) } ?? [0xff, 0x02] + [UInt8](repeating: 0, count: 13) + [0xfb]
        let pseudo = source + target + [0, 0] + be16(udp.count) + [0, 0, 0, 17]
        let sum = checksum(pseudo + udp)
        udp[6] = UInt8(sum >> 8)
        udp[7] = UInt8(sum & 0xFF)
        let header: [UInt8] = [0x60, 0, 0, 0] + be16(udp.count) + [17, 255] + source + target
        return [0x33, 0x33, 0, 0, 0, 0xfb, 0x02, 0, 0, 0, UInt8(host >> 8 & 0xFF), UInt8(host & 0xFF), 0x86, 0xDD]
            + header + udp
    }
    let source: [UInt8] = [10, UInt8(host >> 16 & 0xFF), UInt8(host >> 8 & 0xFF), UInt8(host & 0xFF)]
    let target: [UInt8] = destination.map { [10, 0, UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)] } ?? [224, 0, 0, 251]
    var header: [UInt8] = [0x45, 0] + be16(20 + udp.count) + [0, 0, 0x40, 0, 255, 17, 0, 0] + source + target
    let sum = checksum(header)
    header[10] = UInt8(sum >> 8)
    header[11] = UInt8(sum & 0xFF)
    return [0x01, 0x00, 0x5e, 0, 0, 0xfb, 0x02, 0, 0, 0, UInt8(host >> 8 & 0xFF), UInt8(host & 0xFF), 0x08, 0x00]
        + header + udp
}

func encode(_ message: DNSMessage, compressing: Bool = true) -> [UInt8] {
    var writer = DNSWriter(compressing: compressing)
    writer.write(message)
    return writer.bytes
}

/// The distinct packets of each mix; they are written round and round until the mix reaches its size.
func mix(_ kind: String) -> [Packet] {
    var packets: [Packet] = []
    func add(_ frame: [UInt8], captured: Int? = nil) {
        packets.append(Packet(frame: frame, capturedLength: captured ?? frame.count))
    }
    switch kind {
    case "responders":
        for device in 0..<400 {
            let others = otherRecords(device) + otherRecords(device + 1_000)
            add(packet(encode(response(deviceRecords(device) + others.prefix(4 + device % 3))), from: device))
            if device % 4 == 0 {
                add(packet(encode(DNSMessage(questions: [DNSQuestion(name: serviceName("_googlecast"), type: .ptr)])),
                           from: 5_000 + device))
            }
        }
    case "phone-queries":
        var random = Sequence()
        for round in 0..<600 {
            let phone = round % 30
            add(packet(encode(phoneQuery(phone, listsCast: round % 3 == 0, &random)), from: 20_000 + phone))
            if round % 19 == 0 { add(packet(encode(response(deviceRecords(round % 40))), from: round % 40)) }
        }
    case "goodbyes":
        for round in 0..<20 {
            for device in 0..<50 { add(packet(encode(response(deviceRecords(device, ttl: 0))), from: device)) }
            for device in 0..<50 where (device + round) % 3 == 0 {
                add(packet(encode(response(deviceRecords(device))), from: device))
            }
        }
    case "ipv6-long-txt":
        for index in 0..<500 {
            add(packet(encode(response(deviceRecords(index, longTXT: true) + otherRecords(index))), from: index,
                       ipv6: true))
            if index % 5 == 0 {
                let query = DNSMessage(id: UInt16(index), questions: [DNSQuestion(name: serviceName("_googlecast"),
                                                                                 type: .ptr)])
                add(packet(encode(query), from: 9_000 + index, sourcePort: 40_000 + index % 20_000, ipv6: true))
                add(packet(encode(DNSMessage(id: UInt16(index), flags: DNSFlags(qr: true, aa: true),
                                             questions: query.questions, answers: deviceRecords(index % 50))),
                           from: index % 50, destinationPort: 40_000 + index % 20_000, ipv6: true,
                           unicastTo: 9_000 + index))
            }
        }
    default:  // uncompressed-truncated
        for index in 0..<500 {
            let frame = packet(encode(response(deviceRecords(index) + otherRecords(index)), compressing: false),
                               from: index)
            add(frame, captured: index % 4 == 0 ? max(42, frame.count * 2 / 3) : nil)
            let truncatedQuery = DNSMessage(flags: DNSFlags(tc: true), questions: [
                DNSQuestion(name: serviceName("_googlecast"), type: .ptr),
            ], answers: (0..<20).map { deviceRecords(index + $0)[0] })
            add(packet(encode(truncatedQuery, compressing: index % 2 == 0), from: 30_000 + index % 100))
        }
    }
    return packets
}

func writeMix(_ kind: String, to path: String, bytes target: Int) throws {
    let packets = mix(kind)
    var out = Data()
    out.reserveCapacity(target + 1 << 20)
    func le32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) } }
    le32(0xa1b2c3d4)
    out.append(contentsOf: [2, 0, 4, 0])
    le32(0)
    le32(0)
    le32(65_535)
    le32(1)
    var micros: UInt64 = 0
    var index = 0
    while out.count < target {
        let packet = packets[index % packets.count]
        let seconds = 1_700_000_000 + micros / 1_000_000
        le32(UInt32(seconds))
        le32(UInt32(micros % 1_000_000))
        le32(UInt32(packet.capturedLength))
        le32(UInt32(packet.frame.count))
        out.append(contentsOf: packet.frame.prefix(packet.capturedLength))
        micros += 200
        index += 1
    }
    try out.write(to: URL(fileURLWithPath: path))
    print("\(path): \(out.count) bytes, \(index) packets from \(packets.count) distinct")
}

let kinds = ["responders", "phone-queries", "goodbyes", "ipv6-long-txt", "uncompressed-truncated"]
for kind in kinds {
    try writeMix(kind, to: "\(directory)/mdns-mix-\(kind).pcap", bytes: megabytes * 1_000_000)
}
