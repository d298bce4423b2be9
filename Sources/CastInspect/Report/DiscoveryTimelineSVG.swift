/// Draws the discovery timeline: one lane per `_googlecast` instance, marks for queries, answers, TTL refreshes and
/// goodbyes over capture time, discovery findings as flags on the axis. Every mark links to its table row.
struct DiscoveryTimelineSVG {
    let discovery: ReportDiscovery
    /// Capture start: axis labels are seconds since it.
    let earliest: Double

    static let width = 1100.0, labelWidth = 270.0, laneHeight = 30.0, top = 34.0

    func render(into out: inout HTMLOutput) {
        let lanes = discovery.lanes
        let plot = Self.width - Self.labelWidth - 24
        // The axis covers the discovery traffic only, so lanes stay readable when Cast traffic goes on for long.
        let first = discovery.span?.lowerBound ?? earliest
        let range = discovery.span.map { $0.upperBound - $0.lowerBound } ?? 0
        let span = range > 0 ? range : 1
        func x(_ t: Double) -> Int { Int(Self.labelWidth + (t - first) / span * plot) }
        let height = Int(Self.top + Double(lanes.count) * Self.laneHeight + 44)
        out.raw("<svg class=\"diagram timeline\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(Self.width))\" "
                + "height=\"\(height)\" viewBox=\"0 0 \(Int(Self.width)) \(height)\" role=\"img\" "
                + "aria-label=\"mDNS discovery timeline\">")
        let bottom = Int(Self.top + Double(lanes.count) * Self.laneHeight)
        for tick in 0...5 {
            let t = first + span * Double(tick) / 5
            out.raw("<line class=\"axis\" x1=\"\(x(t))\" y1=\"\(Int(Self.top) - 6)\" x2=\"\(x(t))\" y2=\"\(bottom)\"/>"
                    + "<text class=\"muted\" x=\"\(x(t))\" y=\"\(Int(Self.top) - 10)\" text-anchor=\"middle\">+"
                    + "\(CastSessionTracker.format(t - earliest)) s</text>")
        }
        for (index, lane) in lanes.enumerated() {
            let y = Self.top + Double(index) * Self.laneHeight
            let mid = Int(y + Self.laneHeight / 2)
            out.raw("<rect class=\"lane\" x=\"\(Int(Self.labelWidth))\" y=\"\(Int(y) + 3)\" width=\"\(Int(plot))\" "
                    + "height=\"\(Int(Self.laneHeight) - 6)\"/>")
            out.raw("<text x=\"6\" y=\"\(mid + 4)\">")
            out.text(Self.truncate(label(lane), 40))
            out.raw("<title>")
            out.text(lane.instance + (lane.model.map { " — model " + $0 } ?? "") + " — "
                     + lane.counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", "))
            out.raw("</title></text>")
            for mark in lane.marks {
                out.raw("<a href=\"#filter:seq=\(mark.sequence)\">")
                let mx = x(mark.time)
                switch mark.kind {
                case .query: out.raw("<circle class=\"q\" cx=\"\(mx)\" cy=\"\(mid)\" r=\"4.5\">")
                case .answer: out.raw("<circle class=\"a\" cx=\"\(mx)\" cy=\"\(mid)\" r=\"5.5\">")
                case .refresh: out.raw("<rect class=\"r\" x=\"\(mx - 1)\" y=\"\(mid - 6)\" width=\"3\" height=\"12\">")
                case .goodbye:
                    out.raw("<path class=\"g\" d=\"M\(mx - 5) \(mid - 5)L\(mx + 5) \(mid + 5)M\(mx + 5) \(mid - 5)"
                            + "L\(mx - 5) \(mid + 5)\">")
                }
                out.raw("<title>+\(CastSessionTracker.format(mark.time - earliest)) s \(mark.kind.rawValue): ")
                out.text(mark.text)
                out.raw("</title>")
                switch mark.kind {
                case .query, .answer: out.raw("</circle>")
                case .refresh: out.raw("</rect>")
                case .goodbye: out.raw("</path>")
                }
                out.raw("</a>")
            }
            if lane.marksLeftOut > 0 {
                out.raw("<text class=\"muted\" x=\"\(Int(Self.width) - 20)\" y=\"\(mid + 4)\" text-anchor=\"end\">"
                        + "+\(lane.marksLeftOut) not drawn</text>")
            }
        }
        for (number, time) in discovery.findings {
            guard let time, time >= first, time <= first + span else { continue }
            let fx = x(time)
            out.raw("<a href=\"#place-\(number)\"><path class=\"flag\" d=\"M\(fx) \(bottom + 2)l-6 10h12z\">"
                    + "<title>finding \(number)</title></path></a>")
        }
        let legendY = bottom + 30
        out.raw("<circle class=\"q\" cx=\"\(Int(Self.labelWidth))\" cy=\"\(legendY - 4)\" r=\"4.5\"/>"
                + "<text x=\"\(Int(Self.labelWidth) + 10)\" y=\"\(legendY)\">query</text>"
                + "<circle class=\"a\" cx=\"\(Int(Self.labelWidth) + 80)\" cy=\"\(legendY - 4)\" r=\"5.5\"/>"
                + "<text x=\"\(Int(Self.labelWidth) + 90)\" y=\"\(legendY)\">answer (first)</text>"
                + "<rect class=\"r\" x=\"\(Int(Self.labelWidth) + 199)\" y=\"\(legendY - 10)\" width=\"3\" "
                + "height=\"12\"/>"
                + "<text x=\"\(Int(Self.labelWidth) + 208)\" y=\"\(legendY)\">TTL refresh (same record again)</text>"
                + "<path class=\"g\" d=\"M\(Int(Self.labelWidth) + 415) \(legendY - 9)l10 10m0 -10l-10 10\"/>"
                + "<text x=\"\(Int(Self.labelWidth) + 432)\" y=\"\(legendY)\">goodbye (TTL 0)</text>"
                + "<path class=\"flag\" d=\"M\(Int(Self.labelWidth) + 550) \(legendY - 10)l-6 10h12z\"/>"
                + "<text x=\"\(Int(Self.labelWidth) + 560)\" y=\"\(legendY)\">finding</text>")
        out.raw("</svg>")
    }

    private func label(_ lane: ReportDiscovery.Lane) -> String {
        if let name = lane.friendlyName { return name }
        if let range = lane.instance.firstRange(of: "._googlecast") ?? lane.instance.firstRange(of: "._GOOGLECAST") {
            return String(lane.instance[..<range.lowerBound])
        }
        return lane.instance
    }

    static func truncate(_ text: String, _ limit: Int) -> String {
        // Unicode scalars, not Characters: a hostile Character can be arbitrarily long.
        guard text.unicodeScalars.count > limit else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit - 1))) + "…"
    }
}
