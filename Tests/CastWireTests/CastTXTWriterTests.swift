import CastWire
import Testing

/// The TXT strings a device publishes, read back by `CastTXTRecord`.
@Suite struct CastTXTWriterTests {
    @Test func writtenStringsReadBackAsTheSameFieldsWithEveryRequiredKey() {
        var writer = CastTXTWriter(
            id: "0123456789abcdef0123456789abcdef", friendlyName: "Living Room", model: "Chromecast",
            capabilities: [.videoOut, .audioOut])
        writer.status = 1
        writer.runningStatus = "Casting: YouTube"
        writer.certificateDigest = "0123456789ABCDEF0123456789ABCDEF"
        let record = CastTXTRecord(writer.strings)
        #expect(record.id == writer.id && record.friendlyName == "Living Room" && record.model == "Chromecast")
        #expect(record.capabilities == [.videoOut, .audioOut] && record.status == 1 && record.version == "05")
        #expect(record.runningStatus == "Casting: YouTube" && record.iconPath == "/setup/icon.png")
        #expect(record.hasValidID && record.diagnostics.isEmpty, "\(record.diagnostics)")
        #expect(CastTXTRecord.requiredKeys.allSatisfy { key in writer.strings.contains { $0.hasPrefix(key + "=") } })
        #expect(writer.strings.first?.hasPrefix("id=") == true, "the id leads, as on devices")
    }

    @Test func aNameTooLongForOneTXTStringIsCutAtACharacterBoundary() throws {
        let writer = CastTXTWriter(
            id: "0123456789abcdef0123456789abcdef", friendlyName: String(repeating: "é", count: 200), model: "x",
            capabilities: [])
        let name = try #require(writer.strings.first { $0.hasPrefix("fn=") })
        #expect(name.utf8.count <= 255 && name.utf8.count >= 254)
        #expect(name.dropFirst(3).allSatisfy { $0 == "é" })
    }
}
