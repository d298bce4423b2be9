import CastNet
import CastWire
import Testing

@testable import CastDiscovery

@Suite struct GroupChecksTests {
    typealias Fixture = DeviceGroupsTests

    @Test func noGroupIsNothingToCheck() {
        let check = GroupChecks.check([], devices: [Fixture.kitchen], endpoints: [:])
        #expect(check.id == "groups" && check.status == .ok)
    }

    @Test func aGroupThatAnswersWithEveryMemberFoundIsFine() {
        let members = [MultizoneDevice(deviceID: MultizoneDevice.hyphenated(Fixture.kitchenID), name: "Kitchen"),
                       MultizoneDevice(deviceID: Fixture.officeID, name: "Office")]
        let check = GroupChecks.check(
            [GroupChecks.Evidence(group: Fixture.group, connect: .answered(milliseconds: 2, detail: ""),
                                  members: members)],
            devices: [Fixture.kitchen, Fixture.office, Fixture.group], endpoints: [:])
        #expect(check.status == .ok, "\(check)")
        #expect(check.evidence.contains("Downstairs: members Kitchen, Office"))
    }

    @Test func aStaleAnnouncementAMoveAndAMissingMemberAreEachNamedWithAFix() {
        let members = [MultizoneDevice(deviceID: Fixture.kitchenID, name: "Kitchen"),
                       MultizoneDevice(deviceID: "12345678123412341234123456789abc", name: "Garage")]
        let check = GroupChecks.check(
            [GroupChecks.Evidence(group: Fixture.group, connect: .failed(reason: "connection refused"),
                                  members: members)],
            devices: [Fixture.kitchen, Fixture.group],
            endpoints: [Fixture.groupID: ["10.0.0.2:32101", "10.0.0.3:32219"]])
        #expect(check.status == .warn)
        #expect(check.summary.contains("moved during the diagnosis (10.0.0.2:32101 → 10.0.0.3:32219)"), "\(check.summary)")
        #expect(check.summary.hasSuffix("(and 2 more)"))
        #expect(check.evidence.contains { $0.contains("nothing answers there") })
        #expect(check.evidence.contains { $0.contains("1 of 2 member(s) not discovered: Garage") })
        let fix = check.fix ?? ""
        #expect(fix.contains("look the group up again") && fix.contains("restart avahi-daemon")
                && fix.contains("power the missing speakers on"))
    }

    @Test func membersThatCouldNotBeAskedAreEvidenceNotAWarning() {
        let check = GroupChecks.check(
            [GroupChecks.Evidence(group: Fixture.group, connect: .answered(milliseconds: 1, detail: ""),
                                  membersFailure: "device authentication failed")],
            devices: [Fixture.group], endpoints: [:])
        #expect(check.status == .ok)
        #expect(check.evidence.contains("Downstairs: members unknown (device authentication failed)"))
    }

    @Test func groupsRankAfterTheChecksThatExplainMissingDevices() {
        let report = DiscoveryDiagnosisReport(
            checks: [DiagnosticCheck(id: "groups", status: .warn, summary: "g"),
                     DiagnosticCheck(id: "unicast", status: .warn, summary: "u"),
                     DiagnosticCheck(id: "avahi", status: .warn, summary: "a")],
            devices: [])
        #expect(report.verdict.checkID == "unicast")
    }
}
