import Foundation
import Testing

@testable import CastInspect

/// The report in a real browser (Debian's headless `chromium`): it loads without script errors, console messages or
/// CSP violations, its diagrams are in the DOM after the scripts ran, the table renders and filters, and a hostile
/// capture cannot run script or add elements.
@Suite(.serialized) struct HTMLReportBrowserTests {
    static let directory = PcapBuilder.capturesDirectory

    /// Writes the report of `files` to a temporary HTML file.
    static func reportFile(_ files: [String], keyLogs: [String] = []) throws -> String {
        let (html, _) = HTMLReportTests.report(files, keyLogs: keyLogs)
        let path = NSTemporaryDirectory() + "castscope-report-\(UUID().uuidString).html"
        try html.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    static func expectCleanLoad(_ page: HeadlessChromium.Page) {
        #expect(page.status == 0, "chromium exit: \(page.log.suffix(2000))")
        #expect(page.rootAttribute("data-report-ready") == "yes", "the table script did not finish")
        #expect(page.rootAttribute("data-js-error") == nil)
        #expect(page.rootAttribute("data-console-error") == nil)
        #expect(page.rootAttribute("data-csp-violation") == nil)
        #expect(page.console.isEmpty, "console: \(page.console)")
    }

    @Test func emulatorAndDiscoveryReportLoadsCleanlyWithDiagramsAndRows() async throws {
        if HeadlessChromium.missing("HTMLReportBrowserTests") != nil { return }
        let path = try Self.reportFile(["\(Self.directory)/emulator-tls13.pcap",
                                        "\(Self.directory)/mdns-zeroconf.pcap"],
                                       keyLogs: ["\(Self.directory)/emulator-tls13.keys"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let page = await HeadlessChromium.load(path)
        Self.expectCleanLoad(page)
        #expect(page.rootAttribute("data-svg-count") == "3")
        #expect(page.dom.contains("<svg class=\"diagram timeline\""))
        #expect(HTMLReportTests.count("<svg class=\"diagram sequence\"", in: page.dom) == 2)
        #expect(page.rootAttribute("data-rows-matching") == "33")
        #expect(page.rootAttribute("data-rows-shown") == "33")
        #expect(HTMLReportTests.count("<tr class=\"msg", in: page.dom) == 33)
        let png = path + ".png"
        defer { try? FileManager.default.removeItem(atPath: png) }
        let shot = await HeadlessChromium.screenshot(path, to: png, width: 1000, height: 1400)
        #expect(shot.console.isEmpty, "console: \(shot.console)")
        let bytes = [UInt8](FileManager.default.contents(atPath: png) ?? Data())
        // PNG signature, then the IHDR chunk's width and height (big-endian at offsets 16 and 20).
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(bytes.count > 24 && bytes[16..<24].elementsEqual([0, 0, 0x03, 0xE8, 0, 0, 0x05, 0x78]))
    }

    @Test func filterInTheAddressShowsOnlyMatchingRowsAndOpensTheLinkedOne() async throws {
        if HeadlessChromium.missing("HTMLReportBrowserTests") != nil { return }
        let path = try Self.reportFile(["\(Self.directory)/emulator-tls13.pcap"],
                                       keyLogs: ["\(Self.directory)/emulator-tls13.keys"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let byType = await HeadlessChromium.load(path, fragment: "filter:type=LOAD_FAILED")
        Self.expectCleanLoad(byType)
        #expect(byType.rootAttribute("data-rows-matching") == "1")
        #expect(HTMLReportTests.count("<tr class=\"msg error\"", in: byType.dom) == 1)
        let byText = await HeadlessChromium.load(path,
                                           fragment: "filter:ns=urn%3Ax-cast%3Acom.google.cast.media&q=media_status")
        Self.expectCleanLoad(byText)
        #expect(byText.rootAttribute("data-rows-matching") == "3")
        let linked = await HeadlessChromium.load(path, fragment: "filter:seq=10")
        Self.expectCleanLoad(linked)
        #expect(linked.dom.contains("<tr class=\"detail\"><td colspan=\"8\"><pre>{\n  \"type\": \"LOAD_FAILED\""))
    }

    @Test func hostileCaptureRunsNoScriptAndAddsNoElements() async throws {
        if HeadlessChromium.missing("HTMLReportBrowserTests") != nil { return }
        let capture = PcapBuilder.temporaryFile(HostileCapture.pcap)
        let path = try Self.reportFile([capture])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let page = await HeadlessChromium.load(path, fragment: "filter:seq=5")
        Self.expectCleanLoad(page)
        // An injected element would serialise as `<i id="pwned"`; as text it is `&lt;i id="pwned"&gt;`.
        #expect(!page.dom.contains("<i id=\"pwned\""))
        #expect(page.dom.contains("&lt;i id=\"pwned\""))
        #expect(!page.dom.contains("<title>pwned"))
        #expect(!page.dom.contains("<b>model"))
        #expect(page.rootAttribute("data-rows-matching") == "5")
        // The payload is shown as text in the opened row.
        #expect(page.dom.contains("&lt;/script&gt;&lt;script&gt;document.title='pwned'&lt;/script&gt;"))
    }

    @Test func randomHostileReportLoadsWithoutScriptOrInjectedElements() async throws {
        if HeadlessChromium.missing("HTMLReportBrowserTests") != nil { return }
        let path = NSTemporaryDirectory() + "castscope-report-\(UUID().uuidString).html"
        try HTMLReportHostileInputTests.report(seed: 1).html.write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let page = await HeadlessChromium.load(path, fragment: "filter:q=%3Cscript")
        Self.expectCleanLoad(page)
        #expect(!page.dom.contains("<svg onload") && !page.dom.contains("<a href=\"javascript"))
        #expect(page.dom.contains("&lt;svg onload=alert(1)&gt;"))
    }
}
