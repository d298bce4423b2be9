import CastInspect
public import Foundation

/// `monitor --report FILE.html`: one self-contained page with an availability band per device (up green, outages
/// red, from the first probe to the end), the events as marks with their evidence on hover, and the summary table.
/// Every name and value from a device or the user is escaped (CastInspect's HTMLEscaper, as the capture report).
public enum AvailabilityReport {
    static let width = 960.0, left = 180.0, rowHeight = 34.0

    /// The page for `engine`'s devices and `events`, from `start` to `end`.
    public static func render(_ engine: MonitorEngine, events: [MonitorEvent], start: Date, end: Date) -> String {
        let devices = engine.devices.values.sorted { $0.device < $1.device }
        let span = max(1, end.timeIntervalSince(start))
        func x(_ date: Date) -> Double {
            left + max(0, min(1, date.timeIntervalSince(start) / span)) * (width - left - 20)
        }
        var svg = ""
        for (row, state) in devices.enumerated() {
            let y = 30 + Double(row) * rowHeight
            let name = HTMLEscaper.escape(state.device)
            svg += "<text x=\"10\" y=\"\(y + 15)\">\(name)</text>"
            svg += rect("up", x(state.firstSeen), y, x(end) - x(state.firstSeen))
            // The ended outages the engine kept, and the one still open.
            for span in state.outageSpans + (state.downSince.map { [min($0, end)...end] } ?? []) {
                svg += rect("down", x(span.lowerBound), y, max(2, x(span.upperBound) - x(span.lowerBound)))
            }
            for event in events where event.device == state.device {
                let detail = ([event.kind.rawValue, MonitorEvent.format(event.at)]
                              + event.evidence.map { "\($0.0)=\($0.1)" }).joined(separator: " ")
                svg += "<circle class=\"mark \(event.kind.rawValue.replacingOccurrences(of: ".", with: "-"))\" "
                    + "cx=\"\(Int(x(event.at)))\" cy=\"\(Int(y + 11))\" r=\"5\"><title>\(HTMLEscaper.escape(detail))"
                    + "</title></circle>"
            }
        }
        let height = Int(40 + Double(devices.count) * rowHeight)
        var rows = ""
        for state in devices {
            let availability = engine.availability(of: state.device, now: end)
                .map { String(format: "%.2f %%", $0 * 100) }
            rows += "<tr><td>\(HTMLEscaper.escape(state.device))</td><td>\(HTMLEscaper.escape(state.address))</td>"
                + "<td>\(availability ?? "–")</td><td>\(state.outages)</td>"
                + "<td>\(Int(state.longestOutage.rounded())) s</td><td>\(state.reboots)</td>"
                + "<td>\(state.isUpNow ? "up" : "down")</td></tr>"
        }
        return """
            <!doctype html><html><head><meta charset="utf-8"><title>castscope monitor</title><style>
            body{font:14px system-ui,sans-serif;margin:24px}rect.up{fill:#3a3}rect.down{fill:#d33}
            circle.mark{fill:#fff;stroke:#333;stroke-width:2}circle.device-reboot{fill:#f90}
            table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}</style></head>
            <body><h1>castscope monitor</h1><p>\(MonitorEvent.format(start)) – \(MonitorEvent.format(end)), \
            \(events.count) events</p>
            <svg width="\(Int(width))" height="\(height)" role="img" aria-label="availability per device">\(svg)</svg>
            <table><tr><th>device</th><th>address</th><th>availability</th><th>outages</th><th>longest</th>\
            <th>reboots</th><th>now</th></tr>\(rows)</table></body></html>

            """
    }

    private static func rect(_ kind: String, _ x: Double, _ y: Double, _ width: Double) -> String {
        "<rect class=\"\(kind)\" x=\"\(Int(x))\" y=\"\(Int(y))\" width=\"\(Int(max(0, width)))\" height=\"22\"/>"
    }
}
