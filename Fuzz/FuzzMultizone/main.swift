import CastJSON
import CastWire
import FuzzSupport

// Reads arbitrary bytes as a multizone payload and a _googlezone TXT record: nothing crashes, an error names a
// path inside the payload, and what is read writes back to a message that reads the same.
@inline(never)
func fuzzMultizone(_ bytes: [UInt8]) -> Int {
    let zone = GoogleZoneTXTRecord(strings: bytes.split(separator: 0, omittingEmptySubsequences: false))
    precondition(GoogleZoneTXTRecord(strings: zone.strings.map { Array($0.utf8) }) == zone, "TXT round trip")
    do throws(CastPayloadError) {
        let message = try MultizoneMessage(jsonText: String(decoding: bytes, as: UTF8.self))
        guard let again = try? MultizoneMessage(json: message.json) else {
            preconditionFailure("our own encoding does not read back")
        }
        precondition(again == message, "write/read is not a fixed point")
        return message.jsonText.utf8.count
    } catch {
        precondition(error.path.hasPrefix("payload"), "an error path outside the payload")
        return error.description.utf8.count
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    withExtendedLifetime(fuzzMultizone(fuzzInput(data, size))) {}
    return 0
}

fuzzMain(fuzzOneInput)
