import CastTestSupport
import CastWire
import Foundation

// DNS message parsing: typical Cast mDNS answers (PTR + SRV + TXT + A, ~300 bytes), parsed on one core, side by side
// with python-zeroconf's DNSIncoming parsing the same packets (Benchmarks/WireBench/pydns.py, timed inside Python).

/// Builds the packets both sides parse: one answer as avahi sends it and one as python-zeroconf does (different
/// names, TTLs, record order and TXT contents).
func dnsBenchmarkPackets() -> [[UInt8]] {
    func answer(instance: String, host: String, address: DNSIPv4Address, txt: [String], txtFirst: Bool) -> [UInt8] {
        let service = DNSName("_googlecast._tcp.local")!
        let instanceName = DNSName("\(instance)._googlecast._tcp.local")!
        let hostName = DNSName(host)!
        let ptr = DNSResourceRecord(name: service, type: .ptr, ttl: 4500, data: .ptr(instanceName))
        let srv = DNSResourceRecord(name: instanceName, type: .srv, cacheFlush: true, ttl: 120,
                                    data: .srv(DNSSRV(priority: 0, weight: 0, port: 8009, target: hostName)))
        let text = DNSResourceRecord(name: instanceName, type: .txt, cacheFlush: true, ttl: 4500,
                                     data: .txt(DNSTXT(txt)))
        let a = DNSResourceRecord(name: hostName, type: .a, cacheFlush: true, ttl: 120, data: .a(address))
        let message = txtFirst
            ? DNSMessage(flags: DNSFlags(qr: true, aa: true), answers: [ptr, text, srv, a])
            : DNSMessage(flags: DNSFlags(qr: true, aa: true), answers: [ptr], additionals: [srv, text, a])
        return message.encoded()
    }
    return [
        answer(instance: "Chromecast-Ultra-4f9e6b2ad0c14a8c9b7e35f1d2c3b4a5",
               host: "4f9e6b2a-d0c1-4a8c-9b7e-35f1d2c3b4a5.local", address: DNSIPv4Address(192, 168, 1, 23),
               txt: ["id=4f9e6b2ad0c14a8c9b7e35f1d2c3b4a5", "cd=C1A2B3D4E5F60718293A4B5C6D7E8F90", "rm=", "ve=05",
                     "md=Chromecast Ultra", "ic=/setup/icon.png", "fn=Living Room TV", "ca=201221", "st=0",
                     "bs=FA8FCA3A1B2C", "nf=1", "rs="], txtFirst: false),
        answer(instance: "Nest-Audio-8e0e23c0a1b2c3d4e5f60718293a4b5c",
               host: "8e0e23c0-a1b2-c3d4-e5f6-0718293a4b5c.local", address: DNSIPv4Address(192, 168, 1, 42),
               txt: ["id=8e0e23c0a1b2c3d4e5f60718293a4b5c", "cd=5A3C2B1D0E9F8A7B6C5D4E3F2A1B0C9D", "rm=", "ve=05",
                     "md=Google Nest Audio", "ic=/setup/icon.png", "fn=Kitchen speaker", "ca=199172", "st=1",
                     "bs=FA8FCA9E4F21", "nf=2", "rs=Spotify"], txtFirst: true),
    ]
}

@inline(never)
private func parseAll(_ packets: [[UInt8]], rounds: Int) -> Int {
    var records = 0
    for _ in 0..<rounds {
        for packet in packets {
            if let message = try? DNSMessage(decoding: packet) {
                records &+= message.answers.count &+ message.additionals.count
            }
        }
    }
    return records
}

/// Runs the DNS parse benchmark and prints packets/s, MB/s, allocations per packet and the ratio to python-zeroconf.
func runDNSBenchmark() {
    let packets = dnsBenchmarkPackets()
    let bytesPerRound = packets.reduce(0) { $0 + $1.count }
    let sizes = packets.map { String($0.count) }.joined(separator: ", ")
    guard parseAll(packets, rounds: 1) == 8 else {
        print("dns: benchmark packets do not decode")
        return
    }
    _ = parseAll(packets, rounds: 2_000)  // warm-up
    // CASTSCOPE_DNS_BENCH_ROUNDS lowers the count for profiling under valgrind.
    let rounds = ProcessInfo.processInfo.environment["CASTSCOPE_DNS_BENCH_ROUNDS"].flatMap { Int($0) } ?? 400_000
    let clock = ContinuousClock()
    var best = Double.infinity
    for _ in 0..<3 {
        let start = clock.now
        withExtendedLifetime(parseAll(packets, rounds: rounds)) {}
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        best = min(best, seconds)
    }
    let packetCount = Double(rounds * packets.count)
    let packetsPerSecond = packetCount / best
    let megabytesPerSecond = Double(rounds * bytesPerRound) / best / 1e6
    let allocationRounds = 1_000
    let allocations = AllocationCounter.count { withExtendedLifetime(parseAll(packets, rounds: allocationRounds)) {} }
    let allocationsPerPacket = Double(allocations) / Double(allocationRounds * packets.count)
    print("dns: castscope       \(format(packetsPerSecond)) packets/s  \(format(megabytesPerSecond)) MB/s  "
          + "\(format(allocationsPerPacket)) allocations/packet  (packets of \(sizes) bytes, 1 core)")

    guard let python = pythonPacketsPerSecond(packets) else {
        print("dns: python-zeroconf unavailable (.venv/bin/python with zeroconf; run scripts/setup) — no ratio")
        return
    }
    print("dns: python-zeroconf \(format(python)) packets/s  \(format(python * Double(bytesPerRound) / Double(packets.count) / 1e6)) MB/s  (DNSIncoming + answers())")
    print("ratio dns_packets_per_s castscope/python-zeroconf = \(format(packetsPerSecond / python))")
}

/// Runs pydns.py on the same packets and returns its packets/s, or nil when Python or zeroconf is missing.
private func pythonPacketsPerSecond(_ packets: [[UInt8]]) -> Double? {
    let root = FileManager.default.currentDirectoryPath
    let python = root + "/.venv/bin/python"
    let script = root + "/Benchmarks/WireBench/pydns.py"
    guard FileManager.default.isExecutableFile(atPath: python), FileManager.default.fileExists(atPath: script) else {
        return nil
    }
    let hex = packets.map { $0.map { String(format: "%02x", $0) }.joined() }.joined(separator: "\n")
    let input = FileManager.default.temporaryDirectory.appendingPathComponent("castscope-dns-bench-\(getpid()).hex")
    defer { try? FileManager.default.removeItem(at: input) }
    do {
        try hex.write(to: input, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, input.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        // pydns.py prints "packets_per_s <value>" as its last line.
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("packets_per_s ") }) else { return nil }
        return Double(line.dropFirst("packets_per_s ".count))
    } catch {
        return nil
    }
}

private func format(_ value: Double) -> String {
    if value >= 1e6 { return String(format: "%.2f M", value / 1e6) }
    if value >= 1e3 { return String(format: "%.1f k", value / 1e3) }
    return String(format: "%.2f", value)
}
