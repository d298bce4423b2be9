import CastNet
import CastWire

/// Builders for mDNS responses the querier tests feed in.
enum MDNSTestPackets {
    static let service = DNSName("_googlecast._tcp.local.") ?? .root
    static let instance = DNSName("Chromecast-4f9e6b2ad0c14a8c9b7e35f1d2c3b4a5._googlecast._tcp.local.") ?? .root
    static let host = DNSName("4f9e6b2a-d0c1-4a8c-9b7e-35f1d2c3b4a5.local.") ?? .root
    static let txt = [
        "id=4f9e6b2ad0c14a8c9b7e35f1d2c3b4a5", "ve=05", "md=Chromecast Ultra", "ic=/setup/icon.png",
        "fn=Living Room TV", "ca=201221", "st=0", "rs=YouTube",
    ]

    static func ptr(ttl: UInt32 = 4500, instance: DNSName = instance) -> DNSResourceRecord {
        DNSResourceRecord(name: service, type: .ptr, ttl: ttl, data: .ptr(instance))
    }

    static func srv(ttl: UInt32 = 120, port: UInt16 = 8009, instance: DNSName = instance) -> DNSResourceRecord {
        DNSResourceRecord(
            name: instance, type: .srv, cacheFlush: true, ttl: ttl,
            data: .srv(DNSSRV(priority: 0, weight: 0, port: port, target: host)))
    }

    static func txtRecord(ttl: UInt32 = 4500, strings: [String] = txt, instance: DNSName = instance)
        -> DNSResourceRecord
    {
        DNSResourceRecord(name: instance, type: .txt, cacheFlush: true, ttl: ttl, data: .txt(DNSTXT(strings)))
    }

    static func a(ttl: UInt32 = 120, _ address: DNSIPv4Address = DNSIPv4Address(10, 200, 0, 1)) -> DNSResourceRecord {
        DNSResourceRecord(name: host, type: .a, cacheFlush: true, ttl: ttl, data: .a(address))
    }

    static func response(answers: [DNSResourceRecord], additionals: [DNSResourceRecord] = []) -> [UInt8] {
        DNSMessage(flags: DNSFlags(qr: true, aa: true), answers: answers, additionals: additionals).encoded()
    }

    /// A complete answer: PTR with SRV, TXT and A as additionals.
    static func fullAnswer(ttl: UInt32 = 4500) -> [UInt8] {
        response(answers: [ptr(ttl: ttl)], additionals: [srv(), txtRecord(ttl: ttl), a()])
    }
}

extension MonotonicInstant {
    static func seconds(_ value: Double) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: UInt64(value * 1_000_000_000))
    }
}
