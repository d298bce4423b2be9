import CastNet
import CastWire
import Testing

@testable import CastDiscovery

@Suite struct AnswerChecksTests {
    typealias P = MDNSTestPackets

    private func instance(
        ipv4: [IPv4Address] = [IPv4Address(10, 0, 0, 1)], ipv6: [IPv6Address] = [],
        txt: [String] = P.txt
    ) -> MDNSServiceInstance {
        MDNSServiceInstance(
            name: P.instance, interfaceIndex: 2, host: P.host, port: 8009, txt: txt.map { Array($0.utf8) },
            ipv4Addresses: ipv4, ipv6Addresses: ipv6)
    }

    private func status(_ checks: [DiagnosticCheck], _ id: String) -> DiagnosticCheck.Status? {
        checks.first { $0.id == id }?.status
    }

    @Test func aaaaOnlyHostIsAWarning() {
        let checks = AnswerChecks.instances([instance(ipv4: [], ipv6: [IPv6Address.loopback])])
        #expect(status(checks, "aaaa-only") == .warn)
        #expect(status(checks, "incomplete") == .ok)
    }

    @Test func missingFriendlyNameFailsTheTXTCheck() {
        let checks = AnswerChecks.instances([instance(txt: ["id=4f9e6b2ad0c14a8c9b7e35f1d2c3b4a5", "ve=05"])])
        #expect(status(checks, "txt") == .fail)
        #expect(checks.first { $0.id == "txt" }?.evidence.first?.contains("no fn") == true)
    }

    @Test func ptrWithoutSRVFailsAndNamesWhatIsMissing() {
        let bare = MDNSServiceInstance(name: P.instance, interfaceIndex: 2)
        let check = AnswerChecks.instances([bare]).first { $0.id == "incomplete" }
        #expect(check?.status == .fail)
        #expect(check?.evidence.first?.hasSuffix("missing SRV, TXT (follow-up queries unanswered)") == true)
    }

    @Test func backendsDisagreeingIsAWarningNamingTheDevice() {
        let device = Device(instance: instance())
        let check = AnswerChecks.compare(builtin: ["a": device], avahi: [:])
        #expect(check.status == .warn)
        #expect(check.evidence == ["built-in only: \(P.instance.description)"])
    }

    @Test func goodbyesAndSilenceAreReported() {
        var statistics = MDNSQuerierStatistics()
        var stats = MDNSInterfaceStatistics()
        stats.queriesSent = 3
        stats.goodbyes = 2
        statistics.interfaces[2] = stats
        let interface = NetworkInterface(name: "veth0", index: 2, flags: [.up, .multicast], addresses: [])
        let checks = AnswerChecks.traffic(statistics, interfaces: [interface])
        #expect(status(checks, "traffic") == .fail)
        #expect(status(checks, "goodbyes") == .warn)
        #expect(
            checks.first?.evidence == [
                "veth0: 3 queries sent, 0 responses, 0 with _googlecast, 0 queries from other hosts"
            ])
    }

    @Test func verdictPrefersFailuresInPriorityOrder() {
        let report = DiscoveryDiagnosisReport(
            checks: [
                DiagnosticCheck(id: "avahi", status: .warn, summary: "no avahi"),
                DiagnosticCheck(id: "traffic", status: .fail, summary: "silence"),
                DiagnosticCheck(id: "firewall", status: .fail, summary: "drop rule", fix: "allow it"),
            ], devices: [])
        #expect(report.verdict.checkID == "firewall")
        #expect(report.verdict.fix == "allow it")
        #expect(report.text.hasSuffix("verdict (fail): drop rule\nfix: allow it"))
    }

    @Test func interfaceWithoutMulticastIsUnusable() throws {
        let noMulticast = NetworkInterface(
            name: "veth0", index: 2, flags: [.up],
            addresses: [InterfaceAddress(address: .v4(IPv4Address(10, 0, 0, 2)), prefixLength: 24)])
        let check = HostChecks.interfaces(selected: [], explicit: false, all: [noMulticast])
        #expect(check.status == .fail)
        #expect(check.summary == "no usable interface: veth0 (no MULTICAST flag)")
        #expect(try DiscoveryInterfaces.select(names: [], from: [noMulticast]).isEmpty)
    }
}
