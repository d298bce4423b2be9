import CastWire
import Foundation

/// A capture written to attack the HTML report: every string a capture controls (mDNS instance names and TXT,
/// Cast IDs, namespaces, payloads) carries markup, script breakouts, attribute breakouts and U+2028/2029.
enum HostileCapture {
    /// Markup that would show up as an element with id `pwned` if any of it reached the page unescaped.
    static let markup = "</script><script>document.title='pwned'</script><i id=\"pwned\">x</i>"
    static let attribute = "\"><i id=\"pwned\" onmouseover=\"alert(1)\">"
    static let lineBreaks = "a\u{2028}b\u{2029}c"

    /// Packets: an mDNS announcement with a hostile instance, then a plaintext Cast connection on 8009 whose
    /// IDs, namespaces and payloads are hostile (a LAUNCH_ERROR among them, for a finding).
    static var pcap: [UInt8] { capture(markup: markup, attribute: attribute, lineBreaks: lineBreaks) }

    /// The same capture with other hostile strings (the terminal tests put control sequences there).
    static func capture(markup: String, attribute: String, lineBreaks: String) -> [UInt8] {
        var packets: [(seconds: UInt32, bytes: [UInt8])] = []
        let instance = "x\(markup)._googlecast._tcp.local."
        let labels = instance.split(separator: ".").map { Array($0.utf8) }
        if let name = DNSName(labels: labels), let service = DNSName("_googlecast._tcp.local."),
           let host = DNSName("evil.local.") {
            let txt = DNSTXT(["id=\(attribute)", "fn=\(markup)\(lineBreaks)", "md=<b>model</b>"])
            let response = DNSMessage(
                id: 0, flags: DNSFlags(qr: true, aa: true),
                answers: [
                    DNSResourceRecord(name: service, type: .ptr, ttl: 120, data: .ptr(name)),
                    DNSResourceRecord(name: name, type: .srv, ttl: 120,
                                      data: .srv(DNSSRV(priority: 0, weight: 0, port: 8009, target: host))),
                    DNSResourceRecord(name: name, type: .txt, ttl: 120, data: .txt(txt)),
                    DNSResourceRecord(name: host, type: .a, ttl: 120, data: .a(DNSIPv4Address(10, 0, 0, 2))),
                ])
            packets.append((1_000, PcapBuilder.ipv4(source: [10, 0, 0, 2], destination: [224, 0, 0, 251], proto: 17,
                                                    transport: PcapBuilder.udp(sourcePort: 5353, destinationPort: 5353,
                                                                               payload: DNSWriter.encode(response)))))
        }
        let client: [UInt8] = [10, 0, 0, 1], server: [UInt8] = [10, 0, 0, 2]
        var clientSeq: UInt32 = 1000, serverSeq: UInt32 = 5000
        func c2s(_ flags: UInt8, _ payload: [UInt8] = []) -> [UInt8] {
            let segment = PcapBuilder.tcp(sourcePort: 40000, destinationPort: 8009, sequence: clientSeq,
                                          ack: serverSeq, flags: flags, payload: payload)
            clientSeq &+= UInt32(payload.count) + (flags & 0x03 != 0 ? 1 : 0)
            return PcapBuilder.ipv4(source: client, destination: server, proto: 6, transport: segment)
        }
        func s2c(_ flags: UInt8, _ payload: [UInt8] = []) -> [UInt8] {
            let segment = PcapBuilder.tcp(sourcePort: 8009, destinationPort: 40000, sequence: serverSeq,
                                          ack: clientSeq, flags: flags, payload: payload)
            serverSeq &+= UInt32(payload.count) + (flags & 0x03 != 0 ? 1 : 0)
            return PcapBuilder.ipv4(source: server, destination: client, proto: 6, transport: segment)
        }
        func frame(_ source: String, _ destination: String, _ namespace: String, _ json: String) -> [UInt8] {
            (try? CastFrameEncoder.encode(CastMessage(sourceID: source, destinationID: destination,
                                                      namespace: namespace, json: json))) ?? []
        }
        packets.append((1_001, c2s(0x02)))
        packets.append((1_001, s2c(0x12)))
        packets.append((1_001, c2s(0x10)))
        let receiver = "urn:x-cast:com.google.cast.receiver"
        let launch = #"{"type":"LAUNCH","requestId":7,"appId":"\#(jsonEscaped(markup))"}"#
        let launchError = #"{"type":"LAUNCH_ERROR","requestId":7,"reason":"\#(jsonEscaped(markup + lineBreaks))"}"#
        packets.append((1_002, c2s(0x18, frame("sender-0", "receiver-0", receiver, launch))))
        packets.append((1_002, s2c(0x18, frame("receiver-0", "sender-0", receiver, launchError))))
        packets.append((1_003, c2s(0x18, frame(attribute, markup, "urn:x-cast:" + markup,
                                                #"{"type":"\#(jsonEscaped(attribute))","requestId":8}"#))))
        packets.append((1_003, s2c(0x18, frame(markup, attribute, "urn:x-cast:" + attribute, markup + lineBreaks))))
        packets.append((1_004, c2s(0x11)))
        packets.append((1_004, s2c(0x11)))
        packets.append((1_004, c2s(0x10)))
        return PcapBuilder.pcap(packets: packets)
    }

    /// `text` as the inside of a JSON string.
    static func jsonEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
