import Testing
@testable import CastWire

@Suite struct DNSNameTests {
    @Test func rootPrintsAsSingleDot() {
        #expect(DNSName.root.description == ".")
        #expect(DNSName(".") == .root)
        #expect(DNSName.root.wireLength == 1)
    }

    @Test func namesEndWithADot() {
        #expect(DNSName("Chromecast-1._googlecast._tcp.local")?.description == "Chromecast-1._googlecast._tcp.local.")
        #expect(DNSName("local.")?.labelCount == 1)
    }

    @Test func dotsAndBackslashesInsideLabelsAreEscaped() {
        let name = DNSName(labels: [Array("a.b".utf8), Array("c\\d".utf8), Array("local".utf8)])
        #expect(name?.description == "a\\.b.c\\\\d.local.")
        #expect(DNSName("a\\.b.c\\\\d.local.") == name)
    }

    @Test func controlAndInvalidUTF8BytesUseDecimalEscapes() {
        let name = DNSName(labels: [[0x41, 0x07, 0x20, 0x42], [0xFF, 0x61], [0x7F]])
        #expect(name?.description == "A\\007 B.\\255a.\\127.")
        #expect(DNSName("A\\007 B.\\255a.\\127.") == name)
    }

    @Test func validUTF8AndSpacesStayReadable() {
        let name = DNSName(labels: [Array("Café Télé".utf8), Array("local".utf8)])
        #expect(name?.description == "Café Télé.local.")
        #expect(DNSName("Café Télé.local.") == name)
    }

    @Test func c1ControlsInValidUTF8AreEscapedByteByByte() {
        let name = DNSName(labels: [[0xC2, 0x85, 0x41, 0xC2, 0xA0], [0xE2, 0x82, 0xAC, 0x2E]])
        #expect(name?.description == "\\194\\133A\u{A0}.€\\..")
    }

    @Test func labelsOver63BytesAreRejected() {
        #expect(DNSName(labels: [[UInt8](repeating: 0x61, count: 63)]) != nil)
        #expect(DNSName(labels: [[UInt8](repeating: 0x61, count: 64)]) == nil)
        #expect(DNSName(String(repeating: "a", count: 64)) == nil)
    }

    @Test func namesOver255BytesAreRejected() {
        let label = [UInt8](repeating: 0x61, count: 63)
        let fits = DNSName(labels: [label, label, label, [UInt8](repeating: 0x62, count: 61)])
        #expect(fits?.wireLength == 255)
        #expect(DNSName(labels: [label, label, label, [UInt8](repeating: 0x62, count: 62)]) == nil)
    }

    @Test func malformedTextIsRejected() {
        #expect(DNSName("a..b") == nil)
        #expect(DNSName("a\\") == nil)
        #expect(DNSName("a\\25") == nil)
        #expect(DNSName("a\\256") == nil)
        #expect(DNSName("") == nil)
    }

    @Test func equivalenceIgnoresASCIICaseOnly() {
        let lower = DNSName("_googlecast._tcp.local")!
        #expect(DNSName("_GoogleCast._TCP.Local")!.isEquivalent(to: lower))
        #expect(DNSName("_GoogleCast._TCP.Local") != lower)
        #expect(DNSName("_GoogleCast._TCP.Local")!.lowercased == lower)
        #expect(lower.label(0, equalsIgnoringCase: "_GOOGLECAST"))
        #expect(!lower.label(3, equalsIgnoringCase: "local"))
    }

    @Test func dropFirstRemovesLeadingLabels() {
        let name = DNSName("a.b.local")!
        #expect(name.dropFirst(1) == DNSName("b.local"))
        #expect(name.dropFirst(5) == .root)
        #expect(name.labels.map { Array($0) } == [[0x61], [0x62], Array("local".utf8)])
    }

    @Test func readingAFailedNameLeavesTheReaderInPlace() {
        var reader = ByteReader([0x00, 0x05, 0x61])
        _ = reader.skip(1)
        var memo = DNSName.SuffixMemo()
        #expect(throws: DNSError.self) { try DNSName.read(from: &reader, message: 0..<3, memo: &memo) }
        #expect(reader.position == 1)
    }
}
