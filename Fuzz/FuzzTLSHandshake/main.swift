import CastWire
import FuzzSupport

// The TLS record decoder, handshake reassembler and message parsers. The first input byte picks the mode:
// even = a TLS byte stream fed in chunks of (byte / 2 + 1) bytes through TLSStreamParser; odd = the rest parsed
// directly as ClientHello, ServerHello and both Certificate layouts.
@inline(never)
func parseTLS(_ input: [UInt8]) -> Int {
    guard let selector = input.first else { return 0 }
    let bytes = Array(input.dropFirst())
    var score = 0
    if selector & 1 == 0 {
        let chunk = Int(selector / 2) + 1
        var parser = TLSStreamParser(reassembler: TLSHandshakeReassembler(maximumMessageLength: 65_536))
        parser.isTLS13 = selector & 2 != 0
        var buffer: [UInt8] = []
        var events: [TLSEvent] = []
        var index = 0
        feeding: while index < bytes.count {
            let end = min(bytes.count, index + chunk)
            buffer += bytes[index..<end]
            index = end
            var reader = ByteReader(buffer)
            do {
                try parser.feed(&reader, into: &events)
            } catch {
                score += error.description.count
                break feeding
            }
            buffer.removeFirst(reader.position)
        }
        score += events.count
    } else {
        let message = TLSHandshakeMessage(type: .clientHello, body: bytes, offset: 0, bodyOffset: 4)
        for tls13 in [false, true] {
            if let certificate = try? TLSCertificateMessage(message, isTLS13: tls13) {
                score += certificate.entries.count
            }
        }
        if let hello = try? TLSClientHello(message) {
            score += hello.cipherSuites.count + hello.alpnProtocols.count + (hello.serverName?.count ?? 0)
            score += hello.keyShareGroups.map(\.description.count).reduce(0, +)
        }
        if let hello = try? TLSServerHello(message) { score += hello.negotiatedVersion.description.count }
    }
    return score
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let score = parseTLS(fuzzInput(data, size))
    withExtendedLifetime(score) {}
    return 0
}

fuzzMain(fuzzOneInput)
