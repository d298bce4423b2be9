import CastDiscovery
import CastNet
import CastWire
import Foundation
import Glibc

// Querier CPU per 1,000 responses: complete Cast answers (PTR + SRV + TXT + A) fed to MDNSQuerier.receive, with
// time advancing 10 ms per response. "steady": 20 devices answering over and over (cache refreshes, the usual
// case); "churn": 1,000 distinct devices (inserts, resolution, list changes). CPU time of this process.

func answer(device: Int) -> [UInt8] {
    let id = String(repeating: "0", count: 28) + String(format: "%04x", device)
    guard let service = DNSName("_googlecast._tcp.local."),
        let instance = DNSName("Chromecast-\(id)._googlecast._tcp.local."),
        let host = DNSName("host-\(device).local.")
    else { return [] }
    let message = DNSMessage(
        flags: DNSFlags(qr: true, aa: true),
        answers: [DNSResourceRecord(name: service, type: .ptr, ttl: 4500, data: .ptr(instance))],
        additionals: [
            DNSResourceRecord(
                name: instance, type: .srv, cacheFlush: true, ttl: 120,
                data: .srv(DNSSRV(priority: 0, weight: 0, port: 8009, target: host))),
            DNSResourceRecord(
                name: instance, type: .txt, cacheFlush: true, ttl: 4500,
                data: .txt(
                    DNSTXT([
                        "id=\(id)", "ve=05", "md=Chromecast", "ic=/setup/icon.png", "fn=Device \(device)", "ca=201221",
                        "st=0", "rs=",
                    ]))),
            DNSResourceRecord(
                name: host, type: .a, cacheFlush: true, ttl: 120,
                data: .a(DNSIPv4Address(10, 0, UInt8(device / 250), UInt8(device % 250 + 1)))),
        ])
    return message.encoded()
}

func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

@inline(never)
func run(packets: [[UInt8]], responses: Int) -> (cpu: Double, devices: Int) {
    var querier = MDNSQuerier(configuration: MDNSQuerierConfiguration(maximumRecordsPerInterface: 8192))
    var now = MonotonicInstant(nanoseconds: 1_000_000_000)
    _ = querier.start(interfaces: [1], at: now)
    let start = cpuSeconds()
    var changes = 0
    for index in 0..<responses {
        now = now + .milliseconds(10)
        changes &+= querier.receive(packets[index % packets.count], interfaceIndex: 1, at: now).count
    }
    let cpu = cpuSeconds() - start
    return (cpu, querier.reportedInstances.count + (changes == -1 ? 1 : 0))
}

let responses = 20_000
for (label, deviceCount) in [("steady", 20), ("churn", 1000)] {
    let packets = (0..<deviceCount).map(answer(device:))
    _ = run(packets: packets, responses: 2000)  // warm-up
    let result = run(packets: packets, responses: responses)
    let perThousand = result.cpu / Double(responses) * 1000 * 1000
    print(
        String(
            format: "querier %@: %.2f ms CPU per 1,000 responses (%d devices, %d responses)",
            label, perThousand, result.devices, responses))
}
