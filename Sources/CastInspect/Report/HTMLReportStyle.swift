/// The report's style sheet (inline: the page loads nothing).
enum HTMLReportStyle {
    static let css = """
        :root{--fg:#1d2330;--muted:#667085;--line:#d0d5dd;--bg:#fff;--panel:#f6f8fb;--err:#c62828;--warn:#b26a00;\
        --info:#1565c0;--ok:#2e7d32}
        *{box-sizing:border-box}
        body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;\
        color:var(--fg);\
        background:var(--bg)}
        header{background:#20293a;color:#fff;padding:16px 24px}
        header h1{margin:0 0 4px;font-size:20px}
        header .span{color:#c9d3e3}
        header a{color:#9ecbff}
        main{padding:8px 24px 48px}
        section{margin-top:28px}
        h2{font-size:17px;border-bottom:1px solid var(--line);padding-bottom:4px}
        h3{font-size:15px;margin:22px 0 6px}
        .counts{display:flex;flex-wrap:wrap;gap:8px;margin:10px 0}
        .count{background:#2e3a50;border-radius:6px;padding:4px 10px}
        .count b{font-size:16px}
        .sev{display:inline-block;border-radius:4px;padding:0 6px;font-weight:600;font-size:12px;color:#fff}
        .sev-error{background:var(--err)}.sev-warn{background:var(--warn)}.sev-info{background:var(--info)}
        ul.findings{margin:6px 0;padding-left:18px}
        ul.findings li{margin:2px 0}
        header ul.findings{columns:2;column-gap:32px}
        .finding-detail{color:var(--muted);font-size:12px;white-space:pre-wrap;word-break:break-word}
        nav a{margin-right:14px}
        .facts{color:var(--muted)}
        .omitted{background:#fff4e5;border:1px solid #f0c36d;border-radius:6px;padding:8px 12px}
        .scroll{overflow-x:auto;border:1px solid var(--line);border-radius:6px;background:var(--panel)}
        svg text{font:12px system-ui,"DejaVu Sans",sans-serif;fill:var(--fg)}
        svg .muted{fill:var(--muted)}
        svg .lifeline{stroke:#98a2b3;stroke-dasharray:4 4}
        svg .box{fill:#e8eefc;stroke:#7a8fc4}
        svg .arrow{stroke:#3b4a66;stroke-width:1.4;fill:none}
        svg .head{fill:#3b4a66}
        svg .reply{stroke-dasharray:5 3}
        svg .err .arrow{stroke:var(--err)}svg .err .head{fill:var(--err)}svg .err text{fill:var(--err);font-weight:600}
        svg .note .arrow{stroke:#8e24aa}svg .note .head{fill:#8e24aa}
        svg .bracket{stroke:#9aa4b5;fill:none}
        svg .hb{fill:#e57373}svg .hbline{stroke:#f3b0b0}
        svg .flag{fill:var(--err)}
        svg .q{fill:#fff;stroke:var(--info);stroke-width:2}svg .a{fill:var(--ok)}svg .r{fill:#98a2b3}
        svg .g{stroke:var(--err);stroke-width:2.5}
        svg .lane{fill:#fff;stroke:#e4e7ec}svg .axis{stroke:#98a2b3}
        details summary{cursor:pointer;color:var(--info)}
        .filters{display:flex;flex-wrap:wrap;gap:10px;align-items:center;margin:8px 0}
        .filters input{width:260px}
        table.messages{border-collapse:collapse;width:100%;font-size:12.5px;table-layout:fixed}
        table.messages td{overflow-wrap:anywhere}
        table.messages col.c-seq{width:4.5em}table.messages col.c-time{width:7em}table.messages col.c-flow{width:13%}
        table.messages col.c-dir{width:4.5em}table.messages col.c-ends{width:17%}table.messages col.c-ns{width:9%}
        table.messages col.c-type{width:13%}
        table.messages th{text-align:left;background:var(--panel);position:sticky;top:0}
        table.messages td,table.messages th{border-bottom:1px solid #eaecf0;padding:3px 6px;vertical-align:top}
        table.messages tr.msg{cursor:pointer}
        table.messages tr.msg:hover{background:#f0f5ff}
        table.messages tr.error td{color:var(--err)}
        table.messages td.payload{font-family:ui-monospace,"DejaVu Sans Mono",monospace;overflow:hidden;\
        text-overflow:ellipsis;white-space:nowrap}
        table.messages pre{margin:0;white-space:pre-wrap;word-break:break-word;font-size:12px}
        .mono{font-family:ui-monospace,"DejaVu Sans Mono",monospace}
        """
}
