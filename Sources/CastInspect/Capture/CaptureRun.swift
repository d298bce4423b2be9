import CastLog
import CastWire
import Foundation

/// Reads capture files one after another into an inspector: the loop behind `castscope inspect`.
public enum CaptureRun {
    /// Adds the key logs embedded in the files' Decryption Secrets Blocks to `options.keyLog`.
    public static func loadEmbeddedKeys(files: [String], into options: inout InspectOptions) {
        // Standard input and pipes cannot be read twice: their secrets blocks are taken as they come (`feed`).
        for file in files where !PcapSource.isStreamInput(file) {
            for text in PcapngSecretsReader.keyLogs(atPath: file) { options.keyLog.add(text: text) }
        }
    }

    /// `files` in the time order of their first packets (stable: ties keep the given order), so `inspect B A`
    /// reads them as one capture; the TCP reassembly and the log timeline need time order. When some file has no
    /// readable first packet, `files` as given (the fault is reported when the files are read).
    public static func timeOrdered(_ files: [String]) -> [String] {
        guard files.count > 1, !files.contains(where: PcapSource.isStreamInput) else { return files }
        var starts: [LogTimestamp] = []
        for file in files {
            guard let source = try? PcapSource(path: file), let first = try? source.next() else { return files }
            starts.append(first.time)
        }
        return files.indices.sorted { starts[$0] < starts[$1] || (starts[$0] == starts[$1] && $0 < $1) }
            .map { files[$0] }
    }

    /// Feeds every packet of every file to `inspector` (files are read ahead on a thread of their own, or inline
    /// when `readsAhead` says so; standard input as it arrives). Stops at the first unreadable or corrupt file
    /// (after everything decoded before the fault) and returns its error, unless `lax`: then the error becomes a
    /// `capture.corrupt` finding and the next file is read. `progress` gets (file, bytes read, file size).
    ///
    /// When the inspector skips TCP (`--only mdns`), libpcap drops everything but UDP 5353 and IP fragments before
    /// the packets are copied, as tcpdump does with a filter; packet counts then cover those packets only.
    public static func feed(files: [String], into inspector: Inspector, lax: Bool,
                            progress: ((String, Int, Int) -> Void)? = nil) -> CaptureError? {
        for file in files {
            let size = PcapSource.fileSize(file)
            do throws(CaptureError) {
                let source = try PcapSource(path: file)
                if !inspector.options.analyseTCP, LinkType.decoded.contains(source.linkType) || source.isPcapng {
                    try source.setFilter(mdnsFilter, looksOnlyAtHeaders: true)
                }
                if PcapSource.isStreamInput(file) {
                    // A pipe may carry a capture still going on: each packet is inspected when it arrives, not
                    // when a read-ahead batch has filled. Its secrets blocks count from where they stand (they
                    // come before the handshakes they decrypt).
                    while let packet = try source.next() {
                        for text in source.takeKeyLogs() { inspector.options.keyLog.add(text: text) }
                        inspector.process(packet)
                    }
                    continue
                }
                guard inspector.options.readsAhead ?? readsAhead(inspector.options) else {
                    var count = 0
                    while let packet = try source.next() {
                        inspector.process(packet)
                        count += 1
                        if let progress, count % 4096 == 0 { progress(file, source.nextRecordOffset, size) }
                    }
                    continue
                }
                let packets = PacketPrefetcher(source)
                var count = 0
                while let next = try packets.next() {
                    inspector.process(next.packet, sliced: next.sliced)
                    count += 1
                    if let progress, count % 4096 == 0 { progress(file, packets.nextRecordOffset, size) }
                }
            } catch {
                if !lax { return error }
                inspector.report(Finding(.error, "capture.corrupt", error.description,
                                         detail: "the packets before the fault were inspected"))
            }
        }
        return nil
    }

    /// Whether files are read ahead on a thread of their own: unless that gives the machine more busy threads than
    /// cores. A decrypting run keeps two busy already — the inspector, and the reporting stage opening every record
    /// — and on two cores a reader thread only takes turns with them: the 1 GB decrypting benchmark took 0.546 s
    /// (median) read inline against 0.638 s read ahead; without keys, reading ahead is faster (0.34 against 0.38 s).
    static func readsAhead(_ options: InspectOptions,
                           cores: Int = ProcessInfo.processInfo.activeProcessorCount) -> Bool {
        let decrypting = options.reportsConcurrently && !options.keyLog.isEmpty
        return !decrypting || cores > 2
    }

    /// UDP 5353, plus any IPv4 or IPv6 fragment (a fragmented mDNS message has no UDP header after the first).
    /// It reads only link, IP and UDP headers: at most 16 (Linux cooked v2: 20) + 60 + 4, or 40 + 4 for IPv6.
    static let mdnsFilter = "udp port 5353 or (ip and ip[6:2] & 0x3fff != 0) or (ip6 and ip6[6] = 44)"
}
