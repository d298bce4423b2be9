import CastJSON
import Foundation
import Testing

@testable import CastInspect

/// `--quiet` prints no mDNS events, so the inspector does not hand them on: its findings, counts and devices stay
/// exactly what a run that prints every event gives.
@Suite struct QuietMDNSTests {
    static let directory = PcapBuilder.capturesDirectory

    /// Findings (as JSON lines), the summary and the devices of one run over `file`.
    private func run(_ file: String, emitsMDNSEvents: Bool) -> (events: Int, findings: [String], summary: InspectSummary,
                                                                 devices: Int) {
        var options = InspectOptions()
        options.reportsConcurrently = true
        options.reporterBatchItems = 3
        options.emitsMDNSEvents = emitsMDNSEvents
        var mdnsEvents = 0
        var findings: [String] = []
        let inspector = Inspector(options: options) { event in
            switch event {
            case .mdns: mdnsEvents += 1
            case .finding: findings.append(InspectJSON.json(for: event).serialized())
            default: break
            }
        }
        #expect(CaptureRun.feed(files: [file], into: inspector, lax: true) == nil)
        let summary = inspector.finish()
        return (mdnsEvents, findings, summary, inspector.mdns.devices.count)
    }

    @Test(arguments: ["mdns-zeroconf.pcap", "discovery-healthy.pcapng", "discovery-bad-txt-id.pcapng",
                      "zone-instances.pcapng"])
    func withoutMDNSEventsTheFindingsCountsAndDevicesAreUnchanged(name: String) throws {
        let file = Self.directory + "/" + name
        try #require(FileManager.default.fileExists(atPath: file), "\(name) is in captures/")
        let printed = run(file, emitsMDNSEvents: true)
        let quiet = run(file, emitsMDNSEvents: false)
        #expect(printed.events > 0)
        #expect(quiet.events == 0)
        #expect(quiet.findings == printed.findings)
        #expect(quiet.summary == printed.summary)
        #expect(quiet.summary.mdnsMessages == printed.events)
        #expect(quiet.devices == printed.devices)
    }

    @Test func onlyAQuietRunWithoutHTMLOrLogsLeavesTheEventsOut() {
        let sink: (String) -> Void = { _ in }
        #expect(InspectReport(json: false, quiet: true, only: [], write: sink).printsMDNS == false)
        #expect(InspectReport(json: true, quiet: false, only: [.cast], write: sink).printsMDNS == false)
        #expect(InspectReport(json: true, quiet: false, only: [.mdns], write: sink).printsMDNS)
        #expect(InspectReport(json: false, quiet: false, only: [], write: sink).printsMDNS)
    }
}
