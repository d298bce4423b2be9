import CastTestSupport
import Foundation
import Testing

/// Debian's `chromium`, run headless on a local file: its DOM after the page's scripts ran, the console lines it
/// logged, and screenshots.
enum HeadlessChromium {
    /// The browser binary, if installed (`CASTSCOPE_CHROMIUM` names another one, or a missing one to check that the
    /// tests fail without it under CASTSCOPE_REQUIRE_PEERS=1).
    static var path: String? {
        let candidates = ProcessInfo.processInfo.environment["CASTSCOPE_CHROMIUM"].map { [$0] }
            ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/lib/chromium/chromium"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Nil when the browser is there; otherwise records a test failure under CASTSCOPE_REQUIRE_PEERS=1 (the
    /// Makefile sets it), or prints why the test is skipped, and returns the reason.
    static func missing(_ test: String) -> String? {
        guard path == nil else { return nil }
        let reason = "chromium is not installed (scripts/setup installs it)"
        if ProcessInfo.processInfo.environment["CASTSCOPE_REQUIRE_PEERS"] == "1" {
            Issue.record("CASTSCOPE_REQUIRE_PEERS=1 but \(reason)")
        } else {
            print("\(test) skipped: \(reason)")
        }
        return reason
    }

    /// What a page load left behind.
    struct Page {
        /// The serialised DOM after load (scripts have run).
        var dom: String
        /// Console lines chromium logged (`INFO:CONSOLE…`): errors, CSP violations, anything the page printed.
        var console: [String]
        /// Everything chromium wrote to stderr.
        var log: String
        /// Exit status (nil when it had to be killed).
        var status: Int32?

        /// The value of an attribute on the `<html>` element, if set.
        func rootAttribute(_ name: String) -> String? {
            guard let start = dom.range(of: "<html"), let end = dom[start.upperBound...].range(of: ">") else {
                return nil
            }
            let tag = dom[start.upperBound..<end.lowerBound]
            guard let key = tag.range(of: " \(name)=\"") else { return nil }
            let rest = tag[key.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }
    }

    /// Loads `file` (with an optional `#fragment`) and dumps its DOM.
    static func load(_ file: String, fragment: String = "") async -> Page {
        await run(["--dump-dom", url(file, fragment)])
    }

    /// Loads `file` and saves a PNG of the first `width`×`height` pixels.
    static func screenshot(_ file: String, to png: String, width: Int, height: Int) async -> Page {
        await run(["--screenshot=\(png)", "--window-size=\(width),\(height)", "--hide-scrollbars", url(file, "")])
    }

    private static func url(_ file: String, _ fragment: String) -> String {
        URL(fileURLWithPath: file).absoluteString + (fragment.isEmpty ? "" : "#" + fragment)
    }

    private static func run(_ arguments: [String]) async -> Page {
        guard let path else { return Page(dom: "", console: [], log: "", status: nil) }
        let profile = NSTemporaryDirectory() + "castscope-chromium-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: profile) }
        // --no-sandbox: tests run as root; a private profile so parallel runs do not share a lock.
        let result = await SpawnedProcess.run(path, [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--user-data-dir=\(profile)", "--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000",
        ] + arguments, timeout: 120)
        let console = result.errors.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
        return Page(dom: result.output, console: console, log: result.errors, status: result.status)
    }
}
