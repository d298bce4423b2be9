import CastLog
import CastTLS
import CastWire
import Foundation

extension ConnectionReporter {
    /// Reports one TLS event of `state`'s connection.
    func handleTLS(_ event: TLSConnectionEvent, state: TCPConnectionState, time: LogTimestamp) {
        switch event {
        case .negotiated(let info):
            state.session = info
            if !castPorts.contains(state.server.port) { media.noteTLS(serverName: info.serverName, state: state) }
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
            if !castPorts.contains(state.server.port) { media.noteChain(chain, state: state) }
            state.cast.deviceAuth.tlsCertificateDER = leaf
            certificate(leaf, state: state, time: time)
        case .alert(let alert, let direction):
            emit(.tls(TLSReportEvent(event: "alert", time: time, flow: state.flow, session: state.session,
                                     details: [("direction", direction.rawValue), ("level", alert.level),
                                               ("alert", alert.name)])))
            if alert.name == "close_notify" { state.closeNotify.insert(direction) }
            if alert.level == "fatal", !castPorts.contains(state.server.port) {
                media.noteAlert("fatal \(alert.name) from the \(direction == .c2s ? "device" : "server")", state: state)
            }
            if alert.name != "close_notify" {
                emit(.finding(Finding(
                    alert.level == "fatal" ? .error : .warn, "tls.alert",
                    "TLS alert \(alert.level) \(alert.name) from the \(direction == .c2s ? "client" : "server")",
                    detail: state.session == nil ? "during the handshake: a handshake failure (protocol versions or "
                        + "ciphers the peers do not share?)" : "after the handshake", time: time, flow: state.flow)))
            }
        case .applicationData(let bytes, let direction):
            application(bytes, direction: direction, state: state, time: time)
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
        guard let cert = certificates.facts(of: der) else { return }
        let captured = Date(timeIntervalSince1970: time.timeIntervalSince1970)
        let days = cert.lifetimeDays
        let iso = Self.iso8601
        emit(.tls(TLSReportEvent(event: "certificate", time: time, flow: state.flow, session: state.session, details: [
            ("subject", cert.subject), ("issuer", cert.issuer),
            ("notBefore", iso(cert.notBefore)), ("notAfter", iso(cert.notAfter)),
            ("lifetimeDays", cert.lifetimeDaysText),
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
}
