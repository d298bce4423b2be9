import Testing
@testable import CastWire

@Suite struct CastTXTRecordTests {
    private let typical = ["id=0123456789abcdef0123456789abcdef", "cd=C1A2", "rm=", "ve=05", "md=Chromecast",
                           "ic=/setup/icon.png", "fn=Living Room", "ca=201221", "st=0", "bs=FA8FCA3A1B2C", "nf=1",
                           "rs="]

    @Test func decodesEveryKnownKey() {
        let record = CastTXTRecord(typical)
        #expect(record.diagnostics.isEmpty)
        #expect(record.id == "0123456789abcdef0123456789abcdef" && record.hasValidID)
        #expect(record.version == "05" && record.model == "Chromecast" && record.friendlyName == "Living Room")
        #expect(record.iconPath == "/setup/icon.png" && record.runningStatus == "" && record.status == 0)
        #expect(record.values["bs"] == "FA8FCA3A1B2C" && record.values["nf"] == "1" && record.values["cd"] == "C1A2")
        #expect(record.entries.count == typical.count && record.otherEntries.isEmpty)
    }

    @Test func capabilityBitsGetNamesAndUnknownBitsAreKept() {
        // 201221 = 0x31205 = 65536*3 + 4096 + 512 + 4 + 1 → DYNAMIC_GROUPING_SUPPORTED, ATTENUATION…, 0x20000|0x200
        let caps = CastTXTRecord(typical).capabilities
        #expect(caps?.names == ["VIDEO_OUT", "AUDIO_OUT", "ATTENUATION_OR_FIXED_VOLUME", "DYNAMIC_GROUPING_SUPPORTED"])
        #expect(caps?.unknownBits == 0x20200)
        #expect(caps?.description == "VIDEO_OUT|AUDIO_OUT|ATTENUATION_OR_FIXED_VOLUME|DYNAMIC_GROUPING_SUPPORTED|0x20200")
        #expect(CastCapabilities(rawValue: 0x1FFF).names.count == 11)
    }

    @Test func nonNumericCapabilitiesAreReportedAndKept() {
        let record = CastTXTRecord(["id=0123456789abcdef0123456789abcdef", "ve=05", "ca=five", "st=0", "fn=x"])
        #expect(record.capabilities == nil)
        #expect(record.values["ca"] == "five")
        #expect(record.diagnostics.map(\.kind) == [.invalidCapabilities])
        #expect(record.diagnostics[0].stringIndex == 2)
    }

    @Test func badIDIsReportedAsIgnoredByPychromecast() {
        let record = CastTXTRecord(["id=F45C89B6CD2D", "ve=04", "ca=5", "st=0", "fn=x"])
        #expect(!record.hasValidID && record.id == "F45C89B6CD2D")
        #expect(record.diagnostics.map(\.kind) == [.invalidID])
        #expect(record.diagnostics[0].message.contains("pychromecast"))
        let hyphenated = CastTXTRecord(["id=01234567-89ab-cdef-0123-456789abcdef", "ve=04", "ca=5", "st=0", "fn=x"])
        #expect(hyphenated.diagnostics.map(\.kind) == [.nonCanonicalID])
    }

    @Test func duplicateKeysKeepTheFirstOccurrenceCaseInsensitively() {
        let record = CastTXTRecord(["id=0123456789abcdef0123456789abcdef", "ve=05", "ca=5", "st=0", "FN=first",
                                    "fn=second"])
        #expect(record.friendlyName == "first")
        #expect(record.diagnostics.map(\.kind) == [.duplicateKey])
        #expect(record.diagnostics[0].key == "fn" && record.diagnostics[0].stringIndex == 5)
        #expect(record.entries.count == 6)
    }

    @Test func keyWithoutEqualsIsReportedForCastKeysAndKeptForOthers() {
        let record = CastTXTRecord(["id=0123456789abcdef0123456789abcdef", "ve=05", "ca=5", "st", "fn=x", "flag"])
        #expect(record.status == nil)
        #expect(record.diagnostics.map(\.kind) == [.keyWithoutValue])
        #expect(record.otherEntries == [CastTXTEntry(key: "flag", value: nil)])
    }

    @Test func invalidStatusVersionAndEmptyKeyAreReported() {
        let record = CastTXTRecord(["id=0123456789abcdef0123456789abcdef", "ve=1", "ca=5", "st=2", "fn=x", "=v"])
        #expect(record.diagnostics.map(\.kind) == [.invalidVersion, .invalidStatus, .emptyKey])
        #expect(record.values["st"] == "2")
    }

    @Test func missingRequiredKeysAreReported() {
        let record = CastTXTRecord(strings: DNSTXT(strings: []).strings)
        #expect(record.entries.isEmpty)
        #expect(record.diagnostics.map(\.key) == ["id", "ve", "ca", "st", "fn"])
        #expect(record.diagnostics.allSatisfy { $0.kind == .missingKey })
    }

    @Test func unknownKeysStayInOrderWithRawBytes() {
        let record = CastTXTRecord(strings: [Array("zz=1".utf8), Array("rmodel=Reflector".utf8), [0x61, 0x3D, 0xFF]])
        #expect(record.otherEntries.map(\.key) == ["zz", "rmodel", "a"])
        #expect(record.otherEntries[2].value == [0xFF])
    }

    @Test func invalidUTF8ValueIsReported() {
        let record = CastTXTRecord(strings: [Array("fn=".utf8) + [0xC3]])
        #expect(record.diagnostics.first?.kind == .invalidUTF8)
        #expect(record.friendlyName == "\u{FFFD}")
    }
}
