import CastTLS
import CastWire
import Foundation
import Testing

@testable import CastInspect

/// Malformed input for the readers this round added: a classic pcap arriving through a pipe, and CBC records that
/// are cut, misaligned, or carry a bad MAC or padding.
@Suite struct MalformedInputTests {
    /// Reads `bytes` through a pipe as `inspect -` does: (packets read, the error).
    static func streamed(_ bytes: [UInt8]) -> (packets: Int, error: ClassicPcapReader.Fault?) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return (0, nil) }
        // The test inputs fit in a pipe's buffer, so writing everything first cannot block.
        _ = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        let input = SequentialInput(fd: fds[0], ownsDescriptor: true, chunk: 4096)
        do throws(ClassicPcapReader.Fault) {
            let reader = try ClassicPcapStreamReader(input, header: input.read(4))
            var packets = 0
            while try reader.next() != nil { packets += 1 }
            return (packets, nil)
        } catch {
            return (0, error)
        }
    }

    static let good = PcapBuilder.pcap(packets: [(1, [UInt8](repeating: 1, count: 60)), (2, [UInt8](repeating: 2, count: 60))])

    @Test func aPipedClassicCaptureCutAnywhereIsATruncationNamingWhatWasMissing() {
        #expect(Self.streamed(Self.good).packets == 2)
        for cut in [10, 30, 50, 24 + 16 + 60 + 5] {
            let result = Self.streamed(Array(Self.good.prefix(cut)))
            #expect(result.error?.truncated == true, "cut at \(cut)")
            #expect(result.error?.reason.contains("truncated dump file") == true, "cut at \(cut): \(String(describing: result.error))")
        }
    }

    @Test func aPipedCaptureWithAnAbsurdLengthOrOldVersionIsRefusedWithTheReason() {
        var absurd = Self.good
        absurd.replaceSubrange(24 + 8..<24 + 12, with: PcapBuilder.le32(10_000_000))
        #expect(Self.streamed(absurd).error?.reason.contains("bigger than maximum") == true)
        var old = Self.good
        old.replaceSubrange(6..<8, with: PcapBuilder.le16(3))  // version 2.3
        #expect(Self.streamed(old).error?.reason.contains("pcap version 2.3") == true)
        var reserved = Self.good
        reserved.replaceSubrange(20..<24, with: PcapBuilder.le32(0x0001_0001))
        #expect(Self.streamed(reserved).error?.reason.contains("reserved bits") == true)
    }

    static func cbcDecryptor(encryptThenMAC: Bool) throws -> TLSRecordDecryptor {
        let spec = try #require(TLSCipherSpec(TLSCipherSuite(rawValue: 0x002F)))  // AES128-SHA
        return try TLSRecordDecryptor(tls12: spec, masterSecret: [UInt8](repeating: 7, count: 48),
                                      clientRandom: [UInt8](repeating: 1, count: 32),
                                      serverRandom: [UInt8](repeating: 2, count: 32), client: true,
                                      encryptThenMAC: encryptThenMAC)
    }

    @Test(arguments: [false, true])
    func cbcRecordsThatAreCutMisalignedOrForgedAreRefusedNotCrashes(encryptThenMAC: Bool) throws {
        var decryptor = try Self.cbcDecryptor(encryptThenMAC: encryptThenMAC)
        for length in [0, 5, 16, 31, 36, 47, 48, 64, 100, 16_400] {
            let record = TLSRecord(contentType: .applicationData, version: .tls12,
                                   fragment: [UInt8](repeating: UInt8(length & 0xff), count: length), offset: 0)
            do {
                _ = try decryptor.open(record)
                Issue.record("a forged \(length)-byte record opened")
            } catch {
                #expect([.truncated, .authenticationFailed].contains(error.kind), "\(length): \(error)")
            }
        }
        #expect(decryptor.sequence == 10, "each failed record still uses its sequence number")
    }
}
