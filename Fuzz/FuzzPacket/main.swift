import CastWire
import FuzzSupport

// Lax and strict slicing of one packet, and the TCP option fault check against the option parser. The first input
// byte selects the link type (an index into LinkType.decoded, or a DLT the slicer rejects); the rest is the captured
// frame.
@inline(never)
func slicePacket(_ input: [UInt8]) -> Int {
    guard let selector = input.first else { return 0 }
    let types = LinkType.decoded + [.other(UInt32(selector))]
    let linkType = types[Int(selector) % types.count]
    let bytes = Array(input.dropFirst())
    let lax = PacketSlicer.lax(bytes, linkType: linkType)
    var score = lax.payload.remaining + (lax.stopError?.description.count ?? 0)
    if case .tcp(let tcp) = lax.transport {
        let header = tcp.decoded
        score += header.options.count + header.flags.description.count
        // The slicer's allocation-free check and the full parse must find the same fault.
        precondition(tcp.optionsFault == header.optionsError, "TCP option fault check and parser disagree")
    }
    if case .ipv4(let ip) = lax.network { score += Int(ip.computedHeaderChecksum & 1) + ip.options.count }
    if case .ipv6(let ip) = lax.network { score += ip.extensionHeaders.count + (lax.network?.sourceText.count ?? 0) }
    if case .ethernet(let eth) = lax.link { score += eth.vlanTags.count }
    do {
        let strict = try PacketSlicer.strict(bytes, linkType: linkType)
        score += strict.payload.remaining
    } catch {
        score += error.description.count
    }
    return score
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let score = slicePacket(fuzzInput(data, size))
    withExtendedLifetime(score) {}
    return 0
}

fuzzMain(fuzzOneInput)
