/// Draws one connection as a sequence diagram: sender, receiver and app-transport lifelines, one arrow per message
/// (namespace short name and type), replies dashed and joined to their request by a bracket with the latency,
/// errors in red. Folded (the default) draws heartbeats as dots in a lane of their own; expanded draws them as arrows.
struct SequenceDiagramSVG {
    let connection: ReportConnection
    let earliest: Double
    let expanded: Bool
    /// Finding codes by number, for the flags drawn where findings happened.
    let findingCodes: [Int: String]

    static let left = 150.0, spacing = 250.0, rowHeight = 26.0, top = 74.0

    func render(into out: inout HTMLOutput) {
        // Indices into connection.arrows of what this view draws, and each one's row.
        var shown: [Int] = []
        var rowOf: [Int: Int] = [:]
        for (index, arrow) in connection.arrows.enumerated() where expanded || !arrow.isHeartbeat {
            rowOf[index] = shown.count
            shown.append(index)
        }
        let lifelines = connection.lifelines
        let heartbeatLane = !expanded && connection.heartbeats > 0
        func x(_ lane: Int) -> Double { Self.left + 110 + Double(lane) * Self.spacing }
        func y(_ row: Int) -> Double { Self.top + Double(row) * Self.rowHeight + 18 }
        let laneX = x(lifelines.count - 1) + 150
        // Finding flags go right of the heartbeat lane (its dots carry labels of their own).
        let flagX = Int(heartbeatLane ? laneX + 70 : x(lifelines.count - 1) + 108)
        let width = max(Int(heartbeatLane ? laneX + 90 : x(lifelines.count - 1) + 200),
                        connection.findings.isEmpty ? 0 : flagX + 190)
        // Room under the last row for findings stacked there.
        let height = Int(y(shown.count) + 10 + (connection.findings.isEmpty ? 0 : 28))
        out.raw("<svg class=\"diagram sequence\(expanded ? " expanded" : "")\" xmlns=\"http://www.w3.org/2000/svg\" "
                + "width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" "
                + "aria-label=\"sequence diagram of connection \(connection.number)\">")
        for (index, lifeline) in lifelines.enumerated() {
            let cx = Int(x(index))
            out.raw("<line class=\"lifeline\" x1=\"\(cx)\" y1=\"50\" x2=\"\(cx)\" y2=\"\(height - 4)\"/>"
                    + "<rect class=\"box\" x=\"\(cx - 100)\" y=\"10\" width=\"200\" height=\"40\" rx=\"6\"/>"
                    + "<text x=\"\(cx)\" y=\"34\" text-anchor=\"middle\">")
            out.text(DiscoveryTimelineSVG.truncate(lifeline.label, 30))
            out.raw("<title>")
            out.text(lifeline.id.isEmpty ? "further app transports" : HTMLEscaper.clip(lifeline.id, maxBytes: 200))
            out.raw("</title></text>")
        }
        if heartbeatLane { heartbeatDots(x: Int(laneX), shown: shown, height: height, into: &out) }
        var open: [Double] = []  // bottom y of brackets still drawn beside, for nesting
        for (row, index) in shown.enumerated() {
            let arrow = connection.arrows[index]
            let ay = y(row)
            var classes = arrow.isError ? "err" : ""
            if arrow.isNote { classes += " note" }
            out.raw("<g class=\"\(classes)\">")
            out.raw("<text class=\"muted\" x=\"4\" y=\"\(Int(ay) + 4)\">+"
                    + "\(CastSessionTracker.format(arrow.time - earliest))</text>")
            if arrow.sequence > 0 { out.raw("<a href=\"#filter:seq=\(arrow.sequence)\">") }
            let x1 = x(arrow.from), x2 = x(arrow.to)
            let dir = x2 >= x1 ? 1.0 : -1.0
            let tip = Int(x2 - dir * 2)
            out.raw("<line class=\"arrow\(arrow.reply != nil ? " reply" : "")\" x1=\"\(Int(x1))\" y1=\"\(Int(ay))\" "
                    + "x2=\"\(tip)\" y2=\"\(Int(ay))\"/>"
                    + "<path class=\"head\" d=\"M\(tip) \(Int(ay))l\(Int(-dir * 9)) -4v8z\"/>")
            var label = arrow.label
            if let reply = arrow.reply { label += " · " + Self.milliseconds(reply.latency) }
            out.raw("<text x=\"\(Int((x1 + x2) / 2))\" y=\"\(Int(ay) - 5)\" text-anchor=\"middle\">")
            out.text(DiscoveryTimelineSVG.truncate(label, 44))
            out.raw("<title>")
            out.text(arrow.tooltip)
            out.raw("</title></text>")
            if arrow.sequence > 0 { out.raw("</a>") }
            if let reply = arrow.reply, let request = reply.request, let requestRow = rowOf[request] {
                let top = y(requestRow)
                open.removeAll { $0 < top }
                let bx = Int(Self.left - 14 - Double(open.count % 4) * 9)
                open.append(ay)
                out.raw("<path class=\"bracket\" d=\"M\(bx + 6) \(Int(top))h-6V\(Int(ay))h6\"/>"
                        + "<text class=\"muted\" x=\"\(bx - 3)\" y=\"\(Int((top + ay) / 2) + 4)\" text-anchor=\"end\">"
                        + "\(Self.milliseconds(reply.latency))</text>")
            }
            out.raw("</g>")
        }
        // Findings at the same place are stacked, two flags at most and then one "+N more" line (every finding is
        // listed under the diagram anyway).
        let rows = connection.findings.map { finding in shown.firstIndex { $0 >= finding.arrowsBefore } ?? shown.count }
        var flagsInRow: [Int: Int] = [:]
        for (row, (number, _)) in zip(rows, connection.findings) {
            let stacked = flagsInRow[row, default: 0]
            flagsInRow[row] = stacked + 1
            let fy = Int(y(row) - Self.rowHeight / 2) + 14 * min(stacked, 2)
            let fx = flagX
            if stacked >= 2 {
                if stacked == 2 {
                    let total = rows.filter { $0 == row }.count
                    out.raw("<text class=\"muted\" x=\"\(fx - 4)\" y=\"\(fy + 4)\">+\(total - 2) more</text>")
                }
                continue
            }
            out.raw("<a href=\"#place-\(number)\"><path class=\"flag\" d=\"M\(fx) \(fy - 7)l-7 12h14z\"/>"
                    + "<text class=\"muted\" x=\"\(fx + 10)\" y=\"\(fy + 4)\">")
            out.text(DiscoveryTimelineSVG.truncate(findingCodes[number] ?? "finding", 40))
            out.raw("</text></a>")
        }
        out.raw("</svg>")
    }

    private func heartbeatDots(x: Int, shown: [Int], height: Int, into out: inout HTMLOutput) {
        out.raw("<line class=\"hbline\" x1=\"\(x)\" y1=\"50\" x2=\"\(x)\" y2=\"\(height - 4)\"/>"
                + "<text x=\"\(x)\" y=\"34\" text-anchor=\"middle\">heartbeats (\(connection.heartbeats))</text>")
        // A heartbeat goes between the drawn arrows just before and after it in time.
        // One dot per gap between arrows, with the number of heartbeats in it.
        let times = shown.map { connection.arrows[$0].time }
        var groups: [(row: Int, first: Double, last: Double, count: Int)] = []
        var row = 0
        for time in connection.heartbeatTimes {
            while row < times.count && times[row] <= time { row += 1 }
            if let last = groups.last, last.row == row {
                groups[groups.count - 1].last = time
                groups[groups.count - 1].count += 1
            } else {
                groups.append((row, time, time, 1))
            }
        }
        for group in groups {
            let hy = Int(Self.top + Double(group.row) * Self.rowHeight + 18 - Self.rowHeight / 2)
            out.raw("<circle class=\"hb\" cx=\"\(x)\" cy=\"\(hy)\" r=\"3.5\"><title>\(group.count) PING/PONG from +"
                    + "\(CastSessionTracker.format(group.first - earliest)) s to +"
                    + "\(CastSessionTracker.format(group.last - earliest)) s</title></circle>")
            if group.count > 1 {
                out.raw("<text class=\"muted\" x=\"\(x + 7)\" y=\"\(hy + 4)\">×\(group.count)</text>")
            }
        }
    }

    static func milliseconds(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e9 else { return "? ms" }
        let ms = seconds * 1000
        return ms < 10 ? "\((ms * 10).rounded() / 10) ms" : "\(Int(ms.rounded())) ms"
    }
}
