import Testing

@testable import CastInspect

/// pcapng files built block by block with faults: zero-length and giant blocks, cuts, DSBs in odd places.
@Suite struct PcapngFaultTests {
    static func block(_ type: UInt32, _ body: [UInt8]) -> [UInt8] {
        let padded = body + [UInt8](repeating: 0, count: (4 - body.count % 4) % 4)
        let length = UInt32(12 + padded.count)
        return PcapBuilder.le32(type) + PcapBuilder.le32(length) + padded + PcapBuilder.le32(length)
    }

    static let header = block(0x0A0D_0D0A, PcapBuilder.le32(0x1A2B_3C4D) + [1, 0, 0, 0] + [UInt8](repeating: 0xff, count: 8))
    static let interface = block(1, PcapBuilder.le16(1) + [0, 0] + PcapBuilder.le32(65_535))
    static let packet = PcapBuilder.ipv4(proto: 17, transport: PcapBuilder.udp(sourcePort: 5353, destinationPort: 5353,
                                                                              payload: [UInt8](repeating: 0, count: 12)))
    static let enhanced = block(6, PcapBuilder.le32(0) + PcapBuilder.le32(0) + PcapBuilder.le32(1_000_000)
                                    + PcapBuilder.le32(UInt32(packet.count)) + PcapBuilder.le32(UInt32(packet.count)) + packet)
    static let secrets = block(0x0A, PcapBuilder.le32(0x544C_534B) + PcapBuilder.le32(10) + Array("# key log\n".utf8))

    static func count(_ bytes: [UInt8]) -> (packets: Int, error: CaptureError?) {
        let path = PcapBuilder.temporaryFile(bytes, name: "t.pcapng")
        do {
            let source = try PcapSource(path: path)
            var packets = 0
            while try source.next() != nil { packets += 1 }
            return (packets, nil)
        } catch {
            return (0, error)
        }
    }

    @Test func readsAWellFormedFileAndItsSecrets() {
        let file = Self.header + Self.interface + Self.secrets + Self.enhanced + Self.enhanced
        #expect(Self.count(file).packets == 2)
        #expect(PcapngSecretsReader.keyLogs(in: file) == ["# key log\n"])
    }

    static func bigEndianBlock(_ type: UInt32, _ body: [UInt8]) -> [UInt8] {
        let padded = body + [UInt8](repeating: 0, count: (4 - body.count % 4) % 4)
        let length = UInt32(12 + padded.count)
        return PcapBuilder.be32(type) + PcapBuilder.be32(length) + padded + PcapBuilder.be32(length)
    }

    @Test func secretsOfABigEndianSectionAfterALittleEndianOneAreFound() {
        let bigHeader = Self.bigEndianBlock(0x0A0D_0D0A, PcapBuilder.be32(0x1A2B_3C4D) + [0, 1, 0, 0]
                                                + [UInt8](repeating: 0xff, count: 8))
        let bigSecrets = Self.bigEndianBlock(0x0A, PcapBuilder.be32(0x544C_534B) + PcapBuilder.be32(9)
                                                 + Array("# second\n".utf8))
        let file = Self.header + Self.secrets + bigHeader + bigSecrets + Self.header + Self.secrets
        #expect(PcapngSecretsReader.keyLogs(in: file) == ["# key log\n", "# second\n", "# key log\n"])
    }

    @Test func secretsReadFromOneFileAreBoundedInTotal() {
        // Five DSBs of 15 MiB each: only as many as fit in the 64 MiB total are returned.
        let text = [UInt8](repeating: 0x23, count: 15 << 20)
        let big = Self.block(0x0A, PcapBuilder.le32(0x544C_534B) + PcapBuilder.le32(UInt32(text.count)) + text)
        var file = Self.header
        for _ in 0..<5 { file += big }
        let logs = PcapngSecretsReader.keyLogs(in: file)
        #expect(logs.count == 4)
        #expect(logs.reduce(0) { $0 + $1.utf8.count } <= PcapngSecretsReader.maximumTotalSecrets)
    }

    @Test func zeroLengthBlockIsAnErrorAfterTheGoodPackets() {
        let zero = PcapBuilder.le32(6) + PcapBuilder.le32(0) + [UInt8](repeating: 0, count: 16)
        let path = PcapBuilder.temporaryFile(Self.header + Self.interface + Self.enhanced + zero, name: "z.pcapng")
        var read = 0
        #expect(throws: CaptureError.self) {
            let source = try PcapSource(path: path)
            while try source.next() != nil { read += 1 }
        }
        #expect(read == 1)
        #expect(PcapngSecretsReader.keyLogs(in: Self.header + zero).isEmpty)
    }

    @Test func giantBlockIsAnErrorNotAnAllocation() {
        let giant = PcapBuilder.le32(6) + PcapBuilder.le32(0xFFFF_FFF0) + [UInt8](repeating: 0, count: 32)
        #expect(Self.count(Self.header + Self.interface + giant).error != nil)
        let giantSecrets = PcapBuilder.le32(0x0A) + PcapBuilder.le32(0x7FFF_FFF0) + PcapBuilder.le32(0x544C_534B)
        #expect(PcapngSecretsReader.keyLogs(in: Self.header + giantSecrets).isEmpty)
    }

    @Test func cutAtEveryByteNeverCrashes() {
        let file = Self.header + Self.interface + Self.secrets + Self.enhanced
        for cut in 0..<file.count {
            let prefix = Array(file.prefix(cut))
            _ = PcapngSecretsReader.keyLogs(in: prefix)
            let result = Self.count(prefix)
            #expect(result.packets == 0)
        }
        #expect(Self.count(file).packets == 1)
    }
}
