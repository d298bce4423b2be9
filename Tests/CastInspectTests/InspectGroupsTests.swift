import CastJSON
import CastWire
import Testing

@testable import CastInspect

/// Speaker groups in captures of the library: `group-leader-moved` (castscope's group emulator with a leader move,
/// a sender asking for members before and after) and `zone-instances` (avahi-daemon publishing a speaker's
/// `_googlezone._tcp` and answering a browse).
@Suite struct InspectGroupsTests {
    @Test func aGroupsLeaderMoveIsAssembledFromItsAnnouncements() throws {
        let run = CaptureLibraryTests.run("group-leader-moved")
        let groups = try #require(run.groups)
        let group = try #require(groups.groups.first)
        #expect(groups.groups.count == 1)
        #expect(group.name == "Whole House" && group.id == "6a7b8c9d0e1f20314253647586970a1b")
        #expect(group.stays.map(\.leader) == ["Kitchen", "Office"])
        #expect(group.stays.count == 2 && group.stays[0].place.hasSuffix(".11)") && group.stays[1].place.hasSuffix(".12)"))
        #expect(group.members?.compactMap(\.name) == ["Kitchen", "Office"], "from MULTIZONE_STATUS, decrypted")
        let moved = run.events.compactMap { event -> Finding? in
            if case .finding(let finding) = event, finding.code == "group.leader-moved" { finding } else { nil }
        }
        #expect(moved.count == 1)
        #expect(moved.first?.summary.contains(group.stays[0].place) == true)
        #expect(moved.first?.summary.contains(group.stays[1].place) == true)
        #expect(groups.jsonValues.first?["stays"]?.arrayValue?.count == 2)
        #expect(groups.lines.contains { $0.contains("members: Kitchen, Office") })
    }

    @Test func multizoneMessagesAreDecodedOnTheGroupsConnections() throws {
        let run = CaptureLibraryTests.run("group-leader-moved")
        let multizone = run.events.compactMap { event -> CastMessageRecord? in
            if case .cast(let record) = event, record.message.namespace == CastNamespace.multizone.rawValue {
                record
            } else { nil }
        }
        #expect(multizone.contains { $0.messageType == .multizoneStatus && $0.payload != nil })
        #expect(multizone.contains { $0.messageType == .setDeviceVolume })
        #expect(multizone.contains { $0.messageType == .deviceUpdated && $0.reply?.requestType == "SET_DEVICE_VOLUME" })
    }

    @Test func avahisZoneAnswersTieTheZoneToItsSpeaker() throws {
        let run = CaptureLibraryTests.run("zone-instances")
        let groups = try #require(run.groups)
        #expect(groups.groups.isEmpty)
        let zone = try #require(groups.zones.first)
        #expect(groups.zones.count == 1)
        #expect(zone.speaker == "Living Room TV")
        #expect(zone.zone.port == 10001 && zone.zone.commonTime == "0:1c9c38:0:0")
        #expect(zone.zone.id == "5ca1ab1e0123456789abcdef01234567")
        #expect(!zone.zone.ipv4.isEmpty)
    }
}

/// The analyser's view of a group's SRV over time, on hand-made announcements.
@Suite struct GroupLeaderMoveTests {
    static let instance = LibraryFindingTests.name("Downstairs._googlecast._tcp.local")

    static func announce(_ host: String, port: UInt16, ttl: UInt32, txt: Bool = true) -> ByteReader {
        var records = [DNSResourceRecord(name: instance, type: .srv, ttl: ttl,
                                         data: .srv(DNSSRV(priority: 0, weight: 0, port: port,
                                                           target: LibraryFindingTests.name(host))))]
        if txt {
            let strings = ["id=6a7b8c9d0e1f20314253647586970a1b", "fn=Downstairs", "md=Google Cast Group", "ca=2084"]
            records.append(DNSResourceRecord(name: instance, type: .txt, ttl: 4500,
                                             data: .txt(DNSTXT(strings: strings.map { Array($0.utf8) }))))
        }
        return ByteReader(DNSMessage(flags: DNSFlags(rawValue: 0x8400), answers: records).encoded())
    }

    static func run(_ announcements: [ByteReader]) -> (MDNSAnalyzer, [Finding]) {
        var analyser = MDNSAnalyzer()
        var findings: [Finding] = []
        let device = FlowEndpoint(address: [10, 0, 0, 2], port: 5353)
        let group = FlowEndpoint(address: [224, 0, 0, 251], port: 5353)
        for (index, payload) in announcements.enumerated() {
            _ = analyser.add(payload: payload, time: LibraryFindingTests.at(Int64(index)), source: device,
                             destination: group, findings: &findings)
        }
        analyser.finish(findings: &findings)
        return (analyser, findings.filter { $0.code == "group.leader-moved" })
    }

    @Test func aMoveIsOneFindingWithBothPlaces() {
        let (analyser, moved) = Self.run([
            Self.announce("kitchen.local", port: 32101, ttl: 120), Self.announce("office.local", port: 32219, ttl: 120),
        ])
        #expect(moved.count == 1)
        #expect(moved.first?.summary == "group Downstairs moved from kitchen.local.:32101 to office.local.:32219")
        #expect(analyser.devices.values.first?.endpoints.count == 2)
    }

    @Test func aLateGoodbyeFromTheOldLeaderIsNoSecondMove() {
        let (analyser, moved) = Self.run([
            Self.announce("kitchen.local", port: 32101, ttl: 120),
            Self.announce("office.local", port: 32219, ttl: 120),
            Self.announce("kitchen.local", port: 32101, ttl: 0, txt: false),
            Self.announce("office.local", port: 32219, ttl: 120, txt: false),
        ])
        #expect(moved.count == 1, "\(moved.map(\.summary))")
        let group = analyser.devices.values.first
        #expect(group?.endpoints.count == 2)
        #expect(group?.host == "office.local." && group?.port == 32219)
    }

    @Test func aGoodbyeThenTheSamePlaceAgainIsNoMove() {
        let (_, moved) = Self.run([
            Self.announce("kitchen.local", port: 32101, ttl: 120),
            Self.announce("kitchen.local", port: 32101, ttl: 0, txt: false),
            Self.announce("kitchen.local", port: 32101, ttl: 120),
        ])
        #expect(moved.isEmpty)
    }
}
