import CastInspect
import CastLog
import CastWire
import FuzzSupport

// The whole packet-to-event path: slicing, fragments, TCP reassembly, TLS detection, Cast framing, mDNS analysis
// and the findings at the end. The first input byte picks the link type (an index into LinkType.decoded); then
// packets follow as [2-byte big-endian length, bytes], each one second after the previous.
@inline(never)
func inspect(_ input: [UInt8]) -> Int {
    guard let selector = input.first else { return 0 }
    let linkType = LinkType.decoded[Int(selector) % LinkType.decoded.count]
    var options = InspectOptions()
    options.maximumFlowBytes = 1 << 16
    var score = 0
    let inspector = Inspector(options: options) { event in
        switch event {
        case .mdns(let mdns): score += mdns.summary.count
        case .cast(let cast): score += cast.offset
        case .tls(let tls): score += tls.details.count
        case .finding(let finding): score += finding.code.count
        case .log(let log): score += log.links.count
        case .mediaFetch(let fetch): score += fetch.contentID.count
        }
    }
    var index = 1
    var number = 0
    while index + 2 <= input.count {
        let length = Int(input[index]) << 8 | Int(input[index + 1])
        let end = min(input.count, index + 2 + length)
        number += 1
        let bytes = Array(input[(index + 2)..<end])
        inspector.process(CapturedPacket(number: number, time: LogTimestamp(seconds: Int64(number), microseconds: 0),
                                         linkType: linkType, bytes: bytes, originalLength: length))
        index = end
    }
    let summary = inspector.finish()
    return score + summary.findings + summary.gaps
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let score = inspect(fuzzInput(data, size))
    withExtendedLifetime(score) {}
    return 0
}

fuzzMain(fuzzOneInput)
