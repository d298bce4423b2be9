import CastNet
import Testing

@testable import CastDiscovery

@Suite struct NetworkPathChecksTests {
    static let device = IPAddress("192.168.1.20") ?? .v4(.any)
    static let lan = NetworkInterface(
        name: "wlan0", index: 3, flags: [.up, .multicast],
        addresses: [InterfaceAddress(address: IPAddress("192.168.1.5") ?? .v4(.any), prefixLength: 24)])
    static let answering = UnicastProbeResult(
        address: device, mdns: .answered(milliseconds: 4, detail: "1 answer(s)"),
        instances: ["Kitchen TV (Kitchen-TV-1._googlecast._tcp.local.)"],
        tcp: .answered(milliseconds: 2, detail: ""), tls: .answered(milliseconds: 30, detail: "Cast channel open"),
        http: .failed(reason: "connect: ECONNREFUSED"))
    static let silent = UnicastProbeResult(
        address: device, mdns: .failed(reason: "no answer within 3 s"), tcp: .failed(reason: "timed out"),
        tls: .failed(reason: "timed out"), http: .failed(reason: "timed out"))
    static let queries = "12 multicast queries went out from this host during the diagnosis"

    private func check(_ id: String, in report: DiscoveryDiagnosisReport) -> DiagnosticCheck? {
        report.checks.first { $0.id == id }
    }

    @Test func aDeviceAnsweringUnicastWhoseMulticastNeverArrivesIsAMulticastPathFailure() {
        let check = NetworkPathChecks.multicastPath(
            [Self.answering], devices: [], queries: Self.queries, interfaces: [Self.lan])
        #expect(check.status == .fail)
        #expect(check.evidence.first?.hasPrefix("192.168.1.20, Kitchen TV (Kitchen-TV-1._googlecast._tcp.local.): answered") == true, "\(check.evidence)")
        #expect(check.evidence.first?.contains("answered mDNS unicast, TLS, TCP") == true)
        #expect(check.evidence.last == Self.queries)
        #expect(check.fix?.contains("castscope cast --device 192.168.1.20") == true)
    }

    @Test func aDeviceWhoseMulticastArrivedOrThatAnswersNothingIsNoMulticastPathFailure() {
        let found = Device(name: "Kitchen TV", address: Self.device)
        #expect(
            NetworkPathChecks.multicastPath([Self.answering], devices: [found], queries: Self.queries, interfaces: [Self.lan])
                .status == .ok)
        #expect(
            NetworkPathChecks.multicastPath([Self.silent], devices: [], queries: Self.queries, interfaces: [Self.lan])
                .status == .ok)
        // Without a query sent, a missing answer proves nothing.
        #expect(
            NetworkPathChecks.multicastPath([Self.answering], devices: [], queries: nil, interfaces: [Self.lan]).status
                == .ok)
    }

    @Test func aCandidateOnNoLocalSubnetFailsUnlessAReflectorBroughtItsAnswers() {
        let other = NetworkInterface(
            name: "eth0", index: 2, flags: [.up, .multicast],
            addresses: [InterfaceAddress(address: IPAddress("10.0.0.5") ?? .v4(.any), prefixLength: 24)])
        let check = NetworkPathChecks.subnet([Self.answering], interfaces: [other], devices: [])
        #expect(check.status == .fail)
        #expect(check.evidence.first?.contains("192.168.1.20 is on no local subnet (eth0 10.0.0.5/24)") == true)
        #expect(check.fix?.contains("enable-reflector=yes") == true)
        let reflected = NetworkPathChecks.subnet(
            [Self.answering], interfaces: [other], devices: [Device(name: "Kitchen TV", address: Self.device)])
        #expect(reflected.status == .ok)
        #expect(reflected.summary.contains("reflector"))
        #expect(NetworkPathChecks.subnet([Self.answering], interfaces: [Self.lan], devices: []).status == .ok)
        // On an interface not selected, or this host itself: no router in between.
        #expect(NetworkPathChecks.subnet([Self.answering], interfaces: [other], all: [Self.lan], devices: []).status == .ok)
        let own = UnicastProbeResult(address: .v4(.loopback), tcp: .answered(milliseconds: 1, detail: ""))
        #expect(NetworkPathChecks.subnet([own], interfaces: [other], devices: []).status == .ok)
        // The other subnet is not the multicast path's business.
        #expect(
            NetworkPathChecks.multicastPath([Self.answering], devices: [], queries: Self.queries, interfaces: [other])
                .status == .ok)
    }

    @Test func unicastWarnsNamingTheSilentCandidatesAndListsEveryProbe() {
        let check = NetworkPathChecks.unicast([Self.answering, Self.silent])
        #expect(check.status == .warn)
        #expect(check.summary.contains("1 of 2"))
        #expect(check.evidence.contains("192.168.1.20: TLS 8009 answered in 30 ms: Cast channel open"))
        #expect(check.evidence.contains("192.168.1.20: HTTP 8008 eureka_info no: connect: ECONNREFUSED"))
        #expect(NetworkPathChecks.unicast([]).status == .ok)
        #expect(NetworkPathChecks.unicast([Self.answering]).status == .ok)
    }

    @Test func anOpenPortWithoutCastEvidenceIsNoMulticastPathFailure() {
        // Port 8009 open and an HTTP 404: any host could do that (a cached address now someone else's).
        let other = UnicastProbeResult(
            address: Self.device, tcp: .answered(milliseconds: 1, detail: ""),
            http: .answered(milliseconds: 1, detail: "HTTP 404"))
        #expect(NetworkPathChecks.multicastPath([other], devices: [], queries: Self.queries, interfaces: [Self.lan]).status == .ok)
    }

    @Test func aSilentGuessIsEvidenceNotAWarning() {
        var guess = Self.silent
        guess.guess = "seen before as \"Den\""
        let check = NetworkPathChecks.unicast([guess])
        #expect(check.status == .ok)
        #expect(check.evidence.first == #"192.168.1.20: probed as a guess (seen before as "Den")"#)
    }

    @Test func theVerdictPutsTheHostsOwnFirewallFirstThenTheMulticastPathBeforeTraffic() {
        let path = NetworkPathChecks.multicastPath(
            [Self.answering], devices: [], queries: Self.queries, interfaces: [Self.lan])
        let traffic = DiagnosticCheck(id: "traffic", status: .fail, summary: "no mDNS packet from any other host arrived")
        let firewall = DiagnosticCheck(id: "firewall", status: .fail, summary: "nft drops UDP 5353")
        #expect(DiscoveryDiagnosisReport(checks: [traffic, path], devices: []).verdict.checkID == "multicast-path")
        #expect(DiscoveryDiagnosisReport(checks: [traffic, path, firewall], devices: []).verdict.checkID == "firewall")
    }
}
