import CastTLS
import Foundation

/// Renders a `ReportCollector` as one self-contained HTML file: no network, no external scripts, fonts or images.
///
/// Sections: header (span, counts, findings by severity, each linking to its place), what was left out, the
/// discovery timeline (SVG), one sequence diagram (SVG) per Cast connection, other findings, and the message table
/// (filterable, paged, rows expandable to the full payload). A Content-Security-Policy allows only the page's own
/// two scripts (by hash) and no network access at all.
public enum HTMLReportWriter {
    /// Why the report could not be written.
    public struct WriteError: Error, Sendable, CustomStringConvertible {
        /// The report path.
        public var path: String
        /// What failed.
        public var reason: String

        /// `cannot write PATH: REASON`.
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Renders the report, handing it to `sink` in chunks; returns the number of bytes produced.
    @discardableResult
    public static func render(_ collector: ReportCollector, title: String, sink: @escaping ([UInt8]) -> Void) -> Int {
        var out = HTMLOutput(sink: sink)
        HTMLReportPage(collector: collector, title: title).render(into: &out)
        out.flush()
        return out.written
    }

    /// Renders the report into the file at `path` (replacing it, with `permissions`); returns its size in bytes.
    @discardableResult
    public static func write(_ collector: ReportCollector, title: String, toFile path: String,
                             permissions: Int = 0o644) throws(WriteError) -> Int
    {
        guard FileManager.default.createFile(atPath: path, contents: nil,
                                             attributes: [.posixPermissions: permissions]),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw WriteError(path: path, reason: String(cString: strerror(errno)))
        }
        defer { try? handle.close() }
        var failure: String?
        let size = render(collector, title: title) { chunk in
            guard failure == nil else { return }
            do { try handle.write(contentsOf: Data(chunk)) } catch { failure = error.localizedDescription }
        }
        if let failure { throw WriteError(path: path, reason: failure) }
        return size
    }

    /// The Content-Security-Policy: nothing from the network, inline style, and only the report's own scripts.
    static var contentSecurityPolicy: String {
        let hashes = [HTMLReportScript.errorHook, HTMLReportScript.main].map { script in
            "'sha256-" + Data(Digest.hash(.sha256, Array(script.utf8))).base64EncodedString() + "'"
        }
        return "default-src 'none'; base-uri 'none'; form-action 'none'; style-src 'unsafe-inline'; script-src "
            + hashes.joined(separator: " ")
    }
}
