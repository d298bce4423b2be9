import CastDiscovery
import CastNet
import CastWire
import FuzzSupport

// Feeds arbitrary datagrams to a querier and a responder with time passing between them. The input is a sequence
// of chunks: one byte of time step (tenths of a second, low seven bits; the high bit delivers the datagram as a
// unicast answer to a one-shot query), two bytes of length, then that many bytes of datagram.
// Checks the cache caps hold and that neither state machine traps.
@inline(never)
func exercise(_ bytes: [UInt8]) -> Int {
    let configuration = MDNSQuerierConfiguration(maximumRecordsPerInterface: 64, maximumRecordsPerName: 8)
    // Fixed seeds: the same input must take the same path (random delays and jitter included).
    var querier = MDNSQuerier(configuration: configuration, random: MDNSRandom(seed: 1))
    let service = MDNSServiceRecordSet(
        instance: "Fuzz", serviceType: MDNSQuerierConfiguration.castServiceType,
        host: DNSName("fuzz.local.") ?? .root, port: 8009, txt: [Array("id=0".utf8)])
    var responder = MDNSResponderStateMachine(
        service: service, addresses: [1: [.v4(IPv4Address(10, 0, 0, 1))]], random: MDNSRandom(seed: 2))
    var now = MonotonicInstant(nanoseconds: 0)
    var work = querier.start(interfaces: [1], at: now).count + responder.start(at: now).count
    let source = SocketAddress(IPv4Address(10, 0, 0, 2), port: 5353)
    var index = 0
    while index + 3 <= bytes.count {
        now = now + .milliseconds(Int64(bytes[index] & 0x7F) * 100)
        let viaOneShot = bytes[index] & 0x80 != 0
        let length = Int(bytes[index + 1]) << 8 | Int(bytes[index + 2])
        index += 3
        let packet = Array(bytes[index..<min(bytes.count, index + length)])
        index += length
        work &+= querier.receive(packet, interfaceIndex: 1, at: now, viaOneShot: viaOneShot).count
        work &+= querier.advance(to: now).count
        work &+= responder.receive(packet, from: source, interfaceIndex: 1, at: now).count
        work &+= responder.advance(to: now).count
        precondition(querier.cachedRecordCount <= 64, "cache grew past its cap")
    }
    if let deadline = querier.nextDeadline { work &+= querier.advance(to: deadline + .seconds(7200)).count }
    work &+= querier.knownInstances.count &+ responder.stop().count
    return work
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    withExtendedLifetime(exercise(bytes)) {}
    return 0
}

fuzzMain(fuzzOneInput)
