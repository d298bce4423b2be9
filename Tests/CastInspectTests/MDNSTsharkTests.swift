import CastJSON
import CastWire
import Foundation
import Testing

@testable import CastInspect

/// Every mDNS message the inspector reports, field by field against `tshark -T json --no-duplicate-keys`.
@Suite struct MDNSTsharkTests {
    static let captures: [(pcap: String, tshark: String)] = [
        (PcapBuilder.capturesDirectory + "/mdns-zeroconf.pcap", PcapBuilder.capturesDirectory + "/mdns-zeroconf.tshark.json"),
        // CastWire's fixture: avahi and python-zeroconf in two namespaces, IPv4 and IPv6.
        (PcapBuilder.capturesDirectory + "/../Tests/CastWireTests/Fixtures/mdns/mdns.pcap",
         PcapBuilder.capturesDirectory + "/../Tests/CastWireTests/Fixtures/mdns/mdns.tshark.json"),
    ]

    @Test(arguments: 0..<captures.count)
    func everyFieldMatchesTshark(index: Int) throws {
        let (mismatches, compared) = try Self.compare(pcap: Self.captures[index].pcap, tshark: Self.captures[index].tshark)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20).joined(separator: "\n"))")
        #expect(compared > 100)
    }

    /// Field mismatches between the inspector's mDNS events for `pcap` and tshark's JSON, and how many fields were
    /// compared.
    static func compare(pcap: String, tshark tsharkPath: String) throws -> (mismatches: [String], compared: Int) {
        let run = InspectHarness(files: [pcap])
        let ours = run.events.compactMap { if case .mdns(let event) = $0 { event } else { nil } }
        let tshark = try #require(try JSONValue(parsing: [UInt8](Data(contentsOf: URL(fileURLWithPath: tsharkPath))))
            .arrayValue)
        var compared = 0
        var mismatches: [String] = []
        if ours.count != tshark.count { mismatches.append("\(ours.count) messages, tshark \(tshark.count)") }
        for (event, entry) in zip(ours, tshark) {
            guard let layers = entry["_source"]?["layers"], let mdns = layers["mdns"] else { continue }
            let frame = layers["frame"]?["frame.number"]?.stringValue ?? "?"
            func check(_ what: String, _ a: String?, _ b: String?) {
                compared += 1
                if a != b { mismatches.append("frame \(frame) \(what): ours \(a ?? "nil"), tshark \(b ?? "nil")") }
            }
            let message = event.message
            check("id", message["id"]?.intValue.map { String(format: "0x%04x", $0) }, mdns["dns.id"]?.stringValue)
            check("qr", message["flags"]?["qr"]?.boolValue.map { $0 ? "1" : "0" },
                  mdns["dns.flags_tree"]?["dns.flags.response"]?.stringValue)
            // CastWire's fixture was recorded with the IP layers filtered out; compare addresses where present.
            if let src = (layers["ip"]?["ip.src"] ?? layers["ipv6"]?["ipv6.src"])?.stringValue {
                let colon = event.source.lastIndex(of: ":") ?? event.source.endIndex
                check("src", String(event.source[..<colon]), src)
            }
            let queries = Array(mdns["Queries"]?.objectValue ?? [:])
            let questions = message["questions"]?.arrayValue ?? []
            check("question count", "\(questions.count)", "\(queries.count)")
            for (ours, theirs) in zip(questions, queries.map(\.value)) {
                check("qname", Self.bare(ours["name"]?.stringValue), theirs["dns.qry.name"]?.stringValue)
                check("qtype", ours["type"]?.stringValue, Self.typeName(theirs["dns.qry.type"]))
                check("QU", ours["unicastResponse"]?.boolValue.map { $0 ? "1" : "0" },
                      theirs["dns.qry.qu"]?.stringValue)
            }
            for (section, key) in [("answers", "Answers"), ("authorities", "Authoritative nameservers"),
                                   ("additionals", "Additional records")] {
                let records = message[section]?.arrayValue ?? []
                let theirs = Array(mdns[key]?.objectValue ?? [:]).map(\.value)
                check("\(section) count", "\(records.count)", "\(theirs.count)")
                for (record, other) in zip(records, theirs) { compareRecord(record, other, check) }
            }
        }
        return (mismatches, compared)
    }

    private static func compareRecord(_ record: JSONValue, _ other: JSONValue, _ check: (String, String?, String?) -> Void) {
        let type = record["type"]?.stringValue
        check("type", type, Self.typeName(other["dns.resp.type"]))
        if type == "OPT" { return }
        let theirName = other["dns.resp.name"]?.stringValue ?? [other["dns.srv.service"], other["dns.srv.proto"],
                                                                 other["dns.srv.name"]].compactMap { $0?.stringValue }
            .joined(separator: ".")
        check("name", Self.bare(record["name"]?.stringValue), theirName)
        check("ttl", record["ttl"]?.intValue.map { "\($0)" }, other["dns.resp.ttl"]?.stringValue)
        check("cache flush", record["cacheFlush"]?.boolValue.map { $0 ? "1" : "0" },
              other["dns.resp.cache_flush"]?.stringValue)
        let data = record["data"]
        switch type {
        case "A": check("A", data?["address"]?.stringValue, other["dns.a"]?.stringValue)
        case "AAAA": check("AAAA", data?["address"]?.stringValue, other["dns.aaaa"]?.stringValue)
        case "PTR": check("PTR", Self.bare(data?["target"]?.stringValue), other["dns.ptr.domain_name"]?.stringValue)
        case "SRV":
            check("SRV port", data?["port"]?.intValue.map { "\($0)" }, other["dns.srv.port"]?.stringValue)
            check("SRV target", Self.bare(data?["target"]?.stringValue), other["dns.srv.target"]?.stringValue)
        case "TXT":
            let theirs = other["dns.txt"].map { $0.arrayValue ?? [$0] }?.compactMap(\.stringValue) ?? []
            let ours = data?["strings"]?.arrayValue?.compactMap(\.stringValue) ?? []
            check("TXT", ours.joined(separator: "|"), theirs.joined(separator: "|"))
        default: break
        }
    }

    static func bare(_ name: String?) -> String? {
        guard let name else { return nil }
        if name == "." { return "<Root>" }
        return name.hasSuffix(".") ? String(name.dropLast()) : name
    }

    static func typeName(_ value: JSONValue?) -> String? {
        let text = value?.arrayValue?.first?.stringValue ?? value?.stringValue
        return text.flatMap(UInt16.init).map { DNSType(rawValue: $0).description }
    }
}
