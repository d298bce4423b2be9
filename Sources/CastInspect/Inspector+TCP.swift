import CastLog
import CastTLS
import CastWire
import Foundation

extension Inspector {
    func handleTCP(_ tcp: TCPHeaderView, source: FlowEndpoint, destination: FlowEndpoint, time: LogTimestamp) {
        let key = FlowKey(source, destination)
        let flags = tcp.flags
        let payload = tcp.payload.remainingBytes
        if flows[key] == nil {
            guard flags.contains(.syn) || !payload.isEmpty else { return }
            let sourceIsClient: Bool
            if flags.contains(.syn) {
                sourceIsClient = !flags.contains(.ack)
            } else if options.castPorts.contains(destination.port) != options.castPorts.contains(source.port) {
                sourceIsClient = options.castPorts.contains(destination.port)
            } else {
                sourceIsClient = source.port > destination.port
            }
            if flows.count >= Self.maximumFlows, let oldest = flows.min(by: { $0.value.lastTime < $1.value.lastTime }) {
                close(oldest.key)
            }
            let created = TCPConnectionState(
                client: sourceIsClient ? source : destination, server: sourceIsClient ? destination : source,
                time: time, maximumHeld: options.maximumFlowBytes)
            created.cast.deviceAuth.trustStore = options.deviceTrustStore
            flows[key] = created
            summary.flows += 1
            if let state = flows[key] { noteConnectionStart(state) }
        }
        guard var state = flows[key] else { return }
        let direction: FlowDirection = source == state.client ? .c2s : .s2c
        state.lastTime = time
        if flags.contains(.syn) {
            if flags.contains(.ack) {
                state.sawSYNACK = true
            } else {
                state.sawSYN = true
                state.synCount += 1
                state.firstSYN = state.firstSYN ?? time
                state.lastSYN = time
            }
        }
        // Mutated in place (the state is a class, the reassembler a field of it), so held segments are never copied.
        let heldBefore = state.reassemblers[direction].heldBytes
        let deliveries = state.reassemblers[direction].add(
            sequence: tcp.sequenceNumber, syn: flags.contains(.syn), fin: flags.contains(.fin), payload: payload)
        totalHeldBytes += state.reassemblers[direction].heldBytes - heldBefore
        for delivery in deliveries {
            deliver(delivery, direction: direction, state: &state, time: time, segment: tcp.payload.storage)
        }
        if flags.contains(.fin) {
            state.fins.insert(direction)
            if state.finTime == nil { state.finTime = time }
        }
        if flags.contains(.rst) { state.reset = direction }
        if state.reset != nil || state.fins.count == 2 { close(key) }
        if totalHeldBytes > heldBytesLimit { releaseHeldBytes() }
    }

    /// Makes the flow direction holding the most out-of-order bytes give up its holes (reported as gaps), so the
    /// sum over all flows stays bounded whatever the capture holds.
    private func releaseHeldBytes() {
        while totalHeldBytes > heldBytesLimit {
            var best: (key: FlowKey, direction: FlowDirection, held: Int)?
            for (key, state) in flows {
                for direction in [FlowDirection.c2s, .s2c] where state.reassemblers[direction].heldBytes > (best?.held ?? 0) {
                    best = (key, direction, state.reassemblers[direction].heldBytes)
                }
            }
            guard let best, var state = flows[best.key] else { return }
            let deliveries = state.reassemblers[best.direction].flush()
            totalHeldBytes -= best.held
            for delivery in deliveries { deliver(delivery, direction: best.direction, state: &state, time: state.lastTime) }
        }
    }

    /// `segment`: the captured packet the delivery may be a slice of (lets TLS decode records in place).
    private func deliver(_ delivery: TCPStreamReassembler.Delivery, direction: FlowDirection,
                         state: inout TCPConnectionState, time: LogTimestamp, segment: [UInt8]? = nil) {
        switch delivery {
        case .gap(let size):
            summary.gaps += 1
            emit(.finding(Finding(.warn, "tcp.gap", "\(size) bytes missing in \(direction.rawValue) stream",
                                  detail: "not captured (or dropped by the capture); decoding resumes at the next "
                                      + "record/frame boundary", time: time, flow: state.flow)))
            state.tls?.gap(direction: direction, size: size)
            if state.kind == .plainCast { state.cast.gap(direction: direction, size: size) }
            if state.kind == .tls { state.cast.gap(direction: direction, size: 0) }
        case .data(let bytes):
            if state.kind == .unknown { classify(&state, first: bytes, direction: direction) }
            switch state.kind {
            case .tls:
                if state.reassemblers[direction].pickedUpMidStream, state.midStream.insert(direction).inserted {
                    state.tls?.startMidStream(direction: direction)
                }
                var events: [TLSConnectionEvent] = []
                state.tls?.feed(bytes, segment: segment, direction: direction, into: &events)
                for event in events { handleTLS(event, state: &state, time: time) }
            case .plainCast:
                application(Array(bytes), direction: direction, state: &state, time: time)
            case .unknown, .other:
                break
            }
        }
    }

    /// A protocol recognisable from a stream's first bytes that is neither TLS nor Cast (AJP on 8009 is the common
    /// one: Tomcat's default connector port), or nil.
    static func otherProtocol(_ first: [UInt8]) -> String? {
        if first.starts(with: [0x12, 0x34]) || first.starts(with: Array("AB".utf8)) { return "AJP13" }
        let text = String(decoding: first, as: UTF8.self)
        if ["GET ", "POST", "HEAD", "PUT ", "OPTI", "DELE", "CONN", "PATC"].contains(where: text.hasPrefix) {
            return "HTTP"
        }
        if text.hasPrefix("HTTP/") { return "HTTP" }
        if text.hasPrefix("SSH-") { return "SSH" }
        return nil
    }

    private func classify(_ state: inout TCPConnectionState, first slice: ArraySlice<UInt8>, direction: FlowDirection) {
        let castPort = options.castPorts.contains(state.server.port)
        state.isCast = castPort
        let first = Array(slice.prefix(5))
        if first.count >= 3, first[0] == 0x16, first[1] == 3 {
            state.kind = .tls
        } else if castPort, first.count >= 5, first[0] == 0, first[4] == 0x08 {
            state.kind = .plainCast
        } else if castPort, !state.reassemblers[direction].pickedUpMidStream,
            let other = Self.otherProtocol(Array(slice.prefix(8)))
        {
            // From its first byte the stream is another protocol: no TLS to decrypt and no Cast to judge.
            state.kind = .other
            state.isCast = false
            emit(.finding(Finding(
                .warn, "tcp.not-cast", "\(state.server.label) speaks \(other), not TLS or Cast",
                detail: "the stream's first bytes are \(other) (\(HexText.string(from: Array(slice.prefix(8))))); "
                    + "nothing here can be decrypted or decoded as Cast: check that this address and port are the "
                    + "device's Cast port", time: state.firstTime, flow: state.flow)))
        } else if castPort {
            state.kind = .tls
        } else {
            state.kind = .other
        }
        if state.kind == .tls {
            state.tls = TLSConnectionDecoder(keyLog: options.keyLog)
            state.cast.deviceAuth.isTLS = true
        }
    }

    private func handleTLS(_ event: TLSConnectionEvent, state: inout TCPConnectionState, time: LogTimestamp) {
        switch event {
        case .negotiated(let info):
            state.session = info
            var details: [(String, String)] = [("clientRandom", HexText.string(from: info.clientRandom)),
                                               ("serverRandom", HexText.string(from: info.serverRandom))]
            if let name = info.serverName { details.append(("serverName", name)) }
            if let reason = info.reason { details.append(("reason", reason)) }
            emit(.tls(TLSReportEvent(event: "handshake", time: time, flow: state.flow, session: info, details: details)))
            if !info.decryptable {
                let contents = state.isCast
                    ? "Cast messages stay encrypted"
                    : "its contents stay encrypted (Cast on port \(state.server.port)? add --port \(state.server.port))"
                emit(.finding(Finding(
                    .warn, "tls.no-key", "no key for the TLS session \(state.flow); \(contents)",
                    detail: (info.reason ?? "") + ". Get keys: run `castscope cast --keylog FILE`, or set SSLKEYLOGFILE "
                        + "for the sender, then pass --keylog FILE",
                    time: time, flow: state.flow)))
            }
        case .certificates(let chain, let direction):
            guard direction == .s2c, let leaf = chain.first else { return }
            state.cast.deviceAuth.tlsCertificateDER = leaf
            certificate(leaf, state: state, time: time)
        case .alert(let alert, let direction):
            emit(.tls(TLSReportEvent(event: "alert", time: time, flow: state.flow, session: state.session,
                                     details: [("direction", direction.rawValue), ("level", alert.level),
                                               ("alert", alert.name)])))
            if alert.name == "close_notify" { state.closeNotify.insert(direction) }
            if alert.name != "close_notify" {
                emit(.finding(Finding(
                    alert.level == "fatal" ? .error : .warn, "tls.alert",
                    "TLS alert \(alert.level) \(alert.name) from the \(direction == .c2s ? "client" : "server")",
                    detail: state.session == nil ? "during the handshake: a handshake failure (protocol versions or "
                        + "ciphers the peers do not share?)" : "after the handshake", time: time, flow: state.flow)))
            }
        case .applicationData(let bytes, let direction):
            application(bytes, direction: direction, state: &state, time: time)
        case .decryptionFailed(let direction, let offset):
            emit(.tls(TLSReportEvent(event: "decryptFailed", time: time, flow: state.flow, session: state.session,
                                     details: [("direction", direction.rawValue), ("offset", "\(offset)")])))
            emit(.finding(Finding(.error, "tls.bad-record", "record at \(direction.rawValue) offset \(offset) failed "
                                      + "authentication", detail: "wrong keys in the key log, or corrupted capture",
                                  time: time, flow: state.flow)))
        case .undecrypted(let direction, let length):
            if state.session == nil, state.tls?.hasClientHello == true, !state.notedNoHandshake {
                // Records between the ClientHello and the ServerHello: 0-RTT early data the key log has no key for.
                state.notedNoHandshake = true
                emit(.finding(Finding(
                    .warn, "tls.no-key",
                    "early data (0-RTT) of TLS session \(state.flow) not decrypted",
                    detail: "the key log has no CLIENT_EARLY_TRAFFIC_SECRET for this ClientHello's random; the rest of "
                        + "the session is decrypted with its other secrets when they are there", time: time,
                    flow: state.flow)))
            } else if state.session == nil, !state.notedNoHandshake {
                state.notedNoHandshake = true
                emit(.finding(Finding(
                    .warn, "tls.no-key",
                    "TLS session \(state.flow) without its handshake; "
                        + (state.isCast ? "Cast messages stay encrypted" : "its contents stay encrypted"),
                    detail: "the capture started after the handshake (picked up mid-stream), so no key log can "
                        + "decrypt it; start the capture before the sender connects", time: time, flow: state.flow)))
            }
            // Without keys, the size and time of each record is what is left to see.
            emit(.tls(TLSReportEvent(event: "encryptedRecord", time: time, flow: state.flow, session: state.session,
                                     details: [("direction", direction.rawValue), ("length", "\(length)")])))
            let before = state.encryptedRecords[direction] ?? (0, 0)
            state.encryptedRecords[direction] = (before.count + 1, before.bytes + length)
            if state.isCast { state.inferredHeartbeat.note(direction: direction, length: length, time: time) }
        case .parseError(let reason, let direction):
            emit(.finding(Finding(.error, "tls.malformed", "malformed TLS in \(direction.rawValue) stream",
                                  detail: reason, time: time, flow: state.flow)))
        case .keyUpdate(let direction):
            emit(.tls(TLSReportEvent(event: "keyUpdate", time: time, flow: state.flow, session: state.session,
                                     details: [("direction", direction.rawValue)])))
        }
    }

    private func certificate(_ der: [UInt8], state: TCPConnectionState, time: LogTimestamp) {
        guard let cert = try? X509Certificate(derBytes: der) else { return }
        let captured = Date(timeIntervalSince1970: time.timeIntervalSince1970)
        let days = cert.lifetime / 86_400
        let iso = Self.iso8601
        emit(.tls(TLSReportEvent(event: "certificate", time: time, flow: state.flow, session: state.session, details: [
            ("subject", cert.subjectCommonName ?? ""), ("issuer", cert.issuerCommonName ?? ""),
            ("notBefore", iso(cert.notBefore)), ("notAfter", iso(cert.notAfter)),
            ("lifetimeDays", String(format: "%.2f", days)),
        ])))
        // The 4-day limit is what Cast senders enforce on a device's certificate; HTTPS servers are not judged by
        // it, so off the Cast ports it waits for a Cast frame to show the connection is Cast.
        if days > 4 {
            let finding = Finding(
                .warn, "tls.cert-lifetime", "server certificate lifetime \(String(format: "%.1f", days)) days exceeds 4",
                detail: "Chrome and other senders that check device certificates reject lifetimes over 4 days "
                    + "(TLS_CERT_VALIDITY_PERIOD_TOO_LONG)", time: time, flow: state.flow)
            if state.isCast { emit(.finding(finding)) } else { state.pendingCastFindings.append(finding) }
        }
        if captured > cert.notAfter || captured < cert.notBefore {
            emit(.finding(Finding(
                .error, "tls.cert-expired", "server certificate not valid at capture time",
                detail: "valid \(iso(cert.notBefore)) – \(iso(cert.notAfter)); check both "
                    + "clocks", time: time, flow: state.flow)))
        }
    }

    /// `ISO8601DateFormatter`'s default text (`2026-11-30T05:28:40Z`) without creating one per certificate (that
    /// cost more than decrypting the connection's first megabytes); years outside 1000…9999 still go through it.
    private static func iso8601(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds >= -30_610_224_000, seconds <= 253_402_300_799 else {
            return ISO8601DateFormatter().string(from: date)
        }
        let text = LogTimestamp(seconds: Int64(seconds), microseconds: 0).rfc3339  // …:SS.000000Z
        return String(text.dropLast(8)) + "Z"
    }

    private func application(_ bytes: [UInt8], direction: FlowDirection, state: inout TCPConnectionState,
                             time: LogTimestamp) {
        state.applicationBytes[direction, default: 0] += bytes.count
        export(bytes, direction: direction, state: &state)
        guard !state.notCast else { return }
        var messages: [CastMessageRecord] = []
        var findings: [Finding] = []
        state.cast.feed(bytes, direction: direction, time: time, messages: &messages, findings: &findings)
        if !messages.isEmpty, !state.isCast {
            state.isCast = true
            state.pendingCastFindings.forEach { emit(.finding($0)) }
            state.pendingCastFindings = []
        }
        if !state.isCast, findings.contains(where: { $0.code.hasPrefix("cast.") }) {
            // Decrypted bytes on another port that do not start as Cast frames (HTTPS on 443, say): a TLS
            // connection, summarised as such; Cast verdicts belong to Cast connections only.
            state.notCast = true
            state.pendingCastFindings = []
            return
        }
        messages.forEach { emit(.cast($0)) }
        findings.forEach { emit(.finding($0)) }
    }

    private func export(_ bytes: [UInt8], direction: FlowDirection, state: inout TCPConnectionState) {
        guard let directory = options.exportDirectory else { return }
        if state.exports[direction] == nil {
            let path = directory + "/" + state.exportStem + "." + direction.rawValue
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            state.exports[direction] = FileHandle(forWritingAtPath: path)
        }
        try? state.exports[direction]?.write(contentsOf: Data(bytes))
    }

    func close(_ key: FlowKey) {
        guard var state = flows.removeValue(forKey: key) else { return }
        for direction in [FlowDirection.c2s, .s2c] {
            totalHeldBytes -= state.reassemblers[direction].heldBytes
            let deliveries = state.reassemblers[direction].flush()
            for delivery in deliveries { deliver(delivery, direction: direction, state: &state, time: state.lastTime) }
        }
        if let reset = state.reset {
            let refused = state.applicationBytes.isEmpty && state.sawSYN && !state.sawSYNACK && reset == .s2c
            // Many TLS stacks reset the connection right after an orderly close_notify: worth noting, not a fault.
            let orderly = state.closeNotify.contains(reset)
            emit(.finding(Finding(
                refused ? .error : orderly ? .info : .warn, refused ? "tcp.refused" : "tcp.reset",
                refused ? "connection to \(state.server.label) refused" : "connection reset by the "
                    + (reset == .c2s ? "client" : "server"),
                detail: refused ? "nothing listens on that port (or a firewall rejects it)"
                    : orderly ? "after its TLS close_notify (an orderly close followed by RST)" : "",
                time: state.lastTime, flow: state.flow)))
        }
        if state.sawSYN, !state.sawSYNACK, state.reset == nil, state.applicationBytes.isEmpty,
            options.castPorts.contains(state.server.port), let first = state.firstSYN, let last = state.lastSYN
        {
            // Like a reset, silence is a verdict: nothing answered the SYNs (a firewall dropping them, a device
            // that left, or a stale address after a group leader moved).
            let span = CastSessionTracker.format(CastSessionTracker.seconds(from: first, to: last))
            emit(.finding(Finding(
                .error, "tcp.no-answer",
                "\(state.synCount) SYN\(state.synCount == 1 ? "" : "s") to \(state.server.label) got no answer "
                    + "(over \(span) s)",
                detail: "nothing answered on the Cast port: the device is off or gone from that address, or a "
                    + "firewall drops the packets; check the address (discover) and the route", time: first,
                flow: state.flow)))
        }
        var findings: [Finding] = []
        state.cast.finish(end: lastTime, heartbeatEnd: state.heartbeatEnd(latest: lastTime), findings: &findings)
        if state.isCast, state.cast.heartbeats == 0 {
            state.inferredHeartbeat.finish(end: state.heartbeatEnd(latest: state.lastTime), flow: state.flow,
                                           findings: &findings)
        }
        findings.forEach { emit(.finding($0)) }
        noteConnectionEnd(state)
        if let tls = state.tls {
            summary.decryptedRecords += tls.decryptedRecords
            summary.undecryptedRecords += tls.undecryptedRecords
        }
        for handle in state.exports.values { try? handle.close() }
        let c2s = state.reassemblers.c2s, s2c = state.reassemblers.s2c
        if connections.count < 10_000, state.kind != .other {
            connections.append(ConnectionSummary(
                flow: state.flow, kind: state.kind == .tls ? "tls" : state.kind == .plainCast ? "cast" : "other",
                session: state.session, castMessages: state.cast.messageCount,
                virtualConnections: state.cast.virtualConnections, launches: state.cast.launches,
                mediaSessions: state.cast.mediaSessions, latencies: state.cast.latencies,
                heartbeats: state.cast.heartbeats, heartbeatIntervals: state.cast.heartbeatIntervals,
                bytes: state.applicationBytes,
                encryptedRecords: state.encryptedRecords.mapValues { $0.count },
                encryptedBytes: state.encryptedRecords.mapValues { $0.bytes },
                duration: CastSessionTracker.seconds(from: state.firstTime, to: state.lastTime),
                retransmissions: c2s.retransmissions + s2c.retransmissions, gaps: c2s.gapCount + s2c.gapCount,
                midStream: c2s.pickedUpMidStream || s2c.pickedUpMidStream, deviceAuth: state.cast.deviceAuth.summary,
                groupMembers: state.cast.groupMembers))
        }
    }
}
