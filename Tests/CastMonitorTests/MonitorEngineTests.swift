import CastMonitor
import Foundation
import Testing

/// The monitor's rules on a made-up hour: outages need two failed probes and last from the first; a reboot is an
/// uptime gone back or a new build; an address change is named; availability counts open outages.
@Suite struct MonitorEngineTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    private func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    private func up(_ uptime: Double? = nil, address: String = "10.0.0.5:8009", build: String? = nil)
        -> ProbeObservation {
        ProbeObservation(device: "Kitchen", reachable: true, rtt: 0.004, address: address, uptime: uptime, build: build)
    }

    private var down: ProbeObservation {
        ProbeObservation(device: "Kitchen", reachable: false, address: "10.0.0.5:8009", failure: "connection refused")
    }

    @Test func anOutageNeedsTwoFailedProbesAndLastsFromTheFirst() {
        var engine = MonitorEngine()
        #expect(engine.observe(up(100), at: at(0)).map(\.kind) == [.seen])
        #expect(engine.observe(down, at: at(30)).isEmpty, "one lost probe is no outage")
        #expect(engine.observe(up(160), at: at(60)).isEmpty)
        #expect(engine.observe(down, at: at(90)).isEmpty)
        let unreachable = engine.observe(down, at: at(120))
        #expect(unreachable.map(\.kind) == [.unreachable])
        #expect(unreachable.first?.evidence.first { $0.0 == "failure" }?.1 == "connection refused")
        #expect(unreachable.first?.evidence.first { $0.0 == "since" }?.1 == "2027-01-15T08:01:30.000Z")
        let back = engine.observe(up(250), at: at(150))
        #expect(back.map(\.kind) == [.back])
        #expect(back.first?.evidence.first?.1 == "60", "from the first failed probe at 90 s")
        #expect(engine.devices["Kitchen"]?.longestOutage == 60)
        #expect(engine.availability(of: "Kitchen", now: at(300)) == 0.8)
        #expect(engine.eventCounts[.unreachable] == 1 && engine.eventCounts[.back] == 1)
    }

    @Test func aDeviceThatNeverAnswersIsNamedUnreachable() {
        var engine = MonitorEngine()
        #expect(engine.observe(down, at: at(0)).isEmpty)
        #expect(engine.observe(down, at: at(30)).map(\.kind) == [.unreachable])
        #expect(engine.availability(of: "Kitchen", now: at(60)) == 0)
    }

    @Test func aRebootIsAnUptimeGoneBackOrANewBuild() {
        var engine = MonitorEngine()
        _ = engine.observe(up(1000, build: "1.56.1"), at: at(0))
        #expect(engine.observe(up(1030, build: "1.56.1"), at: at(30)).isEmpty)
        let reboot = engine.observe(up(5, build: "1.56.1"), at: at(60))
        #expect(reboot.map(\.kind) == [.reboot])
        #expect(reboot.first?.evidence.map(\.0) == ["uptimeBefore", "uptimeNow", "uptimeExpected"])
        let update = engine.observe(up(40, build: "1.57.0"), at: at(95))
        #expect(update.map(\.kind) == [.reboot])
        #expect(update.first?.evidence.first?.1 == "1.56.1")
        #expect(engine.devices["Kitchen"]?.reboots == 2)
    }

    @Test func aNewAddressIsNamedAndAnOpenOutageCounts() {
        var engine = MonitorEngine()
        _ = engine.observe(up(), at: at(0))
        let moved = engine.observe(up(address: "10.0.0.9:8009"), at: at(10))
        #expect(moved.map(\.kind) == [.addressChanged])
        #expect(moved.first?.evidence.map(\.1) == ["10.0.0.5:8009", "10.0.0.9:8009"])
        _ = engine.observe(down, at: at(50))
        _ = engine.observe(down, at: at(60))
        #expect(engine.availability(of: "Kitchen", now: at(100)) == 0.5)
        #expect(engine.devices["Kitchen"]?.isUp == false)
        #expect(engine.availability(of: "Nobody", now: at(100)) == nil)
    }
}

/// The HTML availability report: outages from their events, hostile names escaped.
@Suite struct AvailabilityReportTests {
    @Test func outagesAreDrawnFromTheirStartAndNamesAreEscaped() {
        var engine = MonitorEngine()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var events: [MonitorEvent] = []
        let name = "<script>alert(1)</script>"
        for (second, reachable) in [(0.0, true), (30, false), (60, false), (90, true), (120, false), (150, false)] {
            events += engine.observe(ProbeObservation(device: name, reachable: reachable, address: "10.0.0.5:8009"),
                                     at: start.addingTimeInterval(second))
        }
        let spans = engine.devices[name]?.outageSpans ?? []
        #expect(spans.map { $0.lowerBound.timeIntervalSince(start) } == [30])
        #expect(spans.map { $0.upperBound.timeIntervalSince(start) } == [90])
        #expect(engine.devices[name]?.downSince == start.addingTimeInterval(120), "the open one")
        let html = AvailabilityReport.render(engine, events: events, start: start, end: start.addingTimeInterval(200))
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;"))
        #expect(html.components(separatedBy: "<rect class=\"down\"").count - 1 == 2)
    }
}
