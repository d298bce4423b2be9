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
            submit(.start(created, candidates: reconnectCandidates(for: created)))
            flows[key] = created
            counted.flows += 1
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
            counted.gaps += 1
            emit(.finding(Finding(.warn, "tcp.gap", "\(size) bytes missing in \(direction.rawValue) stream",
                                  detail: "not captured (or dropped by the capture); decoding resumes at the next "
                                      + "record/frame boundary", time: time, flow: state.flow)))
            if state.kind == .tls || state.kind == .plainCast {
                submit(.gap(state, direction: direction, size: size))
            }
            state.http?.gap(direction: direction)
        case .data(let bytes):
            if state.kind == .unknown { classify(&state, first: bytes, direction: direction) }
            switch state.kind {
            case .tls:
                let startsMidStream = state.reassemblers[direction].pickedUpMidStream
                    && state.midStream.insert(direction).inserted
                submit(.tls(state, bytes, segment: segment, direction: direction, time: time,
                            startsMidStream: startsMidStream))
            case .plainCast:
                submit(.plainCast(state, Array(bytes), direction: direction, time: time))
            case .other:
                // Plain HTTP (a device fetching media): its heads go to the media watch, bodies are skipped here.
                if !state.httpChecked {
                    state.httpChecked = true
                    if Self.otherProtocol(Array(bytes.prefix(8))) == "HTTP" { state.http = HTTPFlowReader() }
                }
                if state.http != nil, let heads = state.http?.feed(bytes, direction: direction) {
                    for head in heads { submit(.httpHead(state, head, direction: direction, time: time)) }
                }
            case .unknown:
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
        var isCast = castPort
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
            isCast = false
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
        if state.kind == .tls { state.tls = TLSConnectionDecoder(keyLog: options.keyLog) }
        submit(.classified(state, isCast: isCast, isTLS: state.kind == .tls))
    }

    /// The still-open connections a new one may be the reconnection of: same server and client address, started no
    /// later (the reporter checks which of them lost heartbeats by then).
    private func reconnectCandidates(for state: TCPConnectionState) -> [ReconnectCandidate] {
        flows.values.compactMap { other in
            guard other.server == state.server, other.client.ip == state.client.ip,
                other.firstTime <= state.firstTime
            else { return nil }
            return ReconnectCandidate(state: other, lastTime: other.lastTime, finTime: other.finTime)
        }
    }

    /// Ends a connection: flushes its streams and hands its state to the reporter for its end verdicts and summary.
    func close(_ key: FlowKey) {
        guard var state = flows.removeValue(forKey: key) else { return }
        for direction in [FlowDirection.c2s, .s2c] {
            totalHeldBytes -= state.reassemblers[direction].heldBytes
            let deliveries = state.reassemblers[direction].flush()
            for delivery in deliveries { deliver(delivery, direction: direction, state: &state, time: state.lastTime) }
        }
        submit(.close(state, captureTime: lastTime))
    }
}
