/// The message table section: filter controls, an empty table the inline script fills page by page, and the rows
/// as one JSON block (`<script type="application/json">`, escaped so capture text cannot end the block).
struct MessageTableHTML {
    let table: ReportMessageTable
    let earliest: Double

    func render(into out: inout HTMLOutput) {
        out.raw("""
            <div class="filters"><label>Namespace <select id="f-ns"><option value="">all</option></select></label>
            <label>Type <select id="f-type"><option value="">all</option></select></label>
            <label>Text <input id="f-q" type="search" placeholder="payload, IDs, flow…"></label>
            <button id="f-prev" type="button">◀ previous</button><span id="f-page"></span>
            <button id="f-next" type="button">next ▶</button><span id="f-status" class="facts"></span></div>
            <noscript><p>The message table needs JavaScript; the rows are in the JSON block of this file.</p></noscript>
            <table class="messages" id="messages-table"><colgroup><col class="c-seq"><col class="c-time">\
            <col class="c-flow"><col class="c-dir"><col class="c-ends"><col class="c-ns"><col class="c-type"><col>\
            </colgroup><thead><tr><th>#</th><th>time (s)</th><th>flow</th>\
            <th>dir</th><th>source → destination</th><th>namespace</th><th>type</th><th>payload</th></tr></thead>
            <tbody id="msg-body"></tbody></table>
            <script type="application/json" id="report-data">
            """)
        let start = (earliest * 1_000_000).rounded()
        out.raw("{\"start\":\(start.isFinite && abs(start) < 9e15 ? Int64(start) : 0),\"strings\":[")
        for (index, string) in table.strings.enumerated() {
            if index > 0 { out.raw(",") }
            out.jsonString(string)
        }
        out.raw("],\n\"rows\":[")
        var first = true
        for row in table.rows {
            out.raw(first ? "\n" : ",\n")
            first = false
            out.escapedBytes(row)
        }
        out.raw("]}\n</script>\n")
    }
}
