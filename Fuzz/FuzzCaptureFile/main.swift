import CastInspect
import FuzzSupport
import Foundation

// Whole capture files: the classic pcap reader, libpcap's pcapng path behind PcapSource, and the pcapng secrets
// scan, on arbitrary bytes. The input is written to one file in /dev/shm per process (the readers take paths).
let scratchPath = "/dev/shm/castscope-fuzz-capture-\(ProcessInfo.processInfo.processIdentifier)"

@inline(never)
func readCapture(_ input: [UInt8]) -> Int {
    var score = PcapngSecretsReader.keyLogs(in: input).reduce(0) { $0 + $1.count }
    guard FileManager.default.createFile(atPath: scratchPath, contents: Data(input)) else { return score }
    score += PcapngSecretsReader.keyLogs(atPath: scratchPath).count
    do {
        let source = try PcapSource(path: scratchPath)
        while let packet = try source.next() {
            score += packet.bytes.count
        }
    } catch {
        score += error.description.count
    }
    return score
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let score = readCapture(fuzzInput(data, size))
    withExtendedLifetime(score) {}
    return 0
}

fuzzMain(fuzzOneInput)
