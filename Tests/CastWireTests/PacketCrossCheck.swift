import Foundation
@testable import CastWire

/// Computes, per frame, the tshark field values castscope's parsers should reproduce, and compares them with
/// tshark's `-T json -e ...` output (see scripts/record-tls-fixture for the field list).
enum PacketCrossCheck {
    typealias Fields = [String: [String]]

    /// tshark's fields per frame, with the record content types merged into one sorted key.
    static func tsharkFields(json: Data) throws -> [Fields] {
        guard let frames = try JSONSerialization.jsonObject(with: json) as? [[String: Any]] else { return [] }
        return frames.map { frame in
            let source = frame["_source"] as? [String: Any]
            var fields = (source?["layers"] as? [String: [String]]) ?? [:]
            let types = (fields["tls.record.content_type"] ?? []) + (fields["tls.record.opaque_type"] ?? [])
            fields["tls.record.content_type"] = nil
            fields["tls.record.opaque_type"] = nil
            if !types.isEmpty { fields["tls.record.types"] = types.sorted() }
            fields["frame.number"] = nil
            return fields
        }
    }

    /// Per-direction state: bytes not yet decoded and the record decoder.
    struct Direction {
        var buffer: [UInt8] = []
        var decoder = TLSRecordDecoder()
        var nextSequence: UInt32?
        var firstSequence: UInt32?
    }

    /// Per-connection state: the client endpoint (sender of the first SYN) and the two-way TLS parser.
    struct Connection {
        var client: String?
        var parser = TLSConnectionParser()
    }

    /// Our values for every field, per frame; `problems` collects parse failures.
    static func ourFields(_ capture: PacketCaptureFile, problems: inout [String]) -> [Fields] {
        var directions: [String: Direction] = [:]
        var connections: [String: Connection] = [:]
        var result: [Fields] = []
        for (index, bytes) in capture.packets.enumerated() {
            var fields: Fields = [:]
            let packet: LaxPacket
            do {
                packet = try PacketSlicer.strict(bytes, linkType: capture.linkType)
            } catch {
                problems.append("frame \(index + 1): \(error)")
                result.append(fields)
                continue
            }
            addLink(packet, to: &fields)
            guard let network = packet.network, case .tcp(let tcp) = packet.transport else {
                result.append(fields)
                continue
            }
            switch network {
            case .ipv4(let ip): addIPv4(ip, to: &fields)
            case .ipv6(let ip): addIPv6(ip, to: &fields)
            }
            addTCP(tcp, to: &fields)
            let source = "\(network.sourceText):\(tcp.sourcePort)"
            let destination = "\(network.destinationText):\(tcp.destinationPort)"
            let key = "\(source)>\(destination)"
            let connectionKey = [source, destination].sorted().joined(separator: "|")
            var connection = connections[connectionKey] ?? Connection()
            if connection.client == nil, tcp.flags.contains(.syn), !tcp.flags.contains(.ack) {
                connection.client = source
            }
            let side: TLSDirection = connection.client == destination ? .serverToClient : .clientToServer
            var direction = directions[key] ?? Direction()
            let payload = tcp.payload.remainingBytes
            if !payload.isEmpty {
                if let expected = direction.nextSequence, expected != tcp.sequenceNumber {
                    // A segment the capture missed (seen on the `any` device): restart record framing at this
                    // segment, as tshark does, keeping the parser's encryption state.
                    direction.buffer.removeAll()
                    let offset = Int(tcp.sequenceNumber &- (direction.firstSequence ?? tcp.sequenceNumber))
                    direction.decoder = TLSRecordDecoder(streamOffset: offset)
                }
                if direction.firstSequence == nil { direction.firstSequence = tcp.sequenceNumber }
                direction.nextSequence = tcp.sequenceNumber &+ UInt32(payload.count)
                direction.buffer += payload
                addTLS(&direction, side, &connection.parser, to: &fields, frame: index + 1, problems: &problems)
            }
            directions[key] = direction
            connections[connectionKey] = connection
            result.append(fields)
        }
        return result
    }

    static func hex(_ value: UInt16) -> String { TLSNameTable.hex(value) }

    static func addLink(_ packet: LaxPacket, to fields: inout Fields) {
        switch packet.link {
        case .ethernet(let eth): fields["eth.type"] = [hex(eth.etherType)]
        case .linuxSLL2(let sll):
            fields["sll.pkttype"] = [String(sll.packetType)]
            fields["sll.ifindex"] = [String(sll.interfaceIndex)]
            fields["sll.etype"] = [hex(sll.protocolType)]
        case .linuxSLL(let sll):
            fields["sll.pkttype"] = [String(sll.packetType)]
            fields["sll.etype"] = [hex(sll.protocolType)]
        default: break
        }
    }

    static func addIPv4(_ ip: IPv4HeaderView, to fields: inout Fields) {
        fields["ip.src"] = [IPv4HeaderView.format(address: ip.source)]
        fields["ip.dst"] = [IPv4HeaderView.format(address: ip.destination)]
        fields["ip.len"] = [String(ip.totalLength)]
        fields["ip.id"] = [hex(ip.identification)]
        fields["ip.ttl"] = [String(ip.ttl)]
        fields["ip.flags.df"] = [ip.dontFragment ? "1" : "0"]
        fields["ip.flags.mf"] = [ip.moreFragments ? "1" : "0"]
        fields["ip.checksum.status"] = [ip.isHeaderChecksumValid ? "1" : "0"]
    }

    static func addIPv6(_ ip: IPv6HeaderView, to fields: inout Fields) {
        fields["ipv6.src"] = [IPv6HeaderView.format(address: ip.source)]
        fields["ipv6.dst"] = [IPv6HeaderView.format(address: ip.destination)]
        fields["ipv6.plen"] = [String(ip.payloadLength)]
        fields["ipv6.nxt"] = [String(ip.nextHeader)]
        fields["ipv6.hlim"] = [String(ip.hopLimit)]
        fields["ipv6.tclass"] = [String(format: "0x%08x", ip.trafficClass)]
        fields["ipv6.flow"] = [String(format: "0x%06x", ip.flowLabel)]
    }

    static func addTCP(_ tcp: TCPHeaderView, to fields: inout Fields) {
        let header = tcp.decoded
        fields["tcp.srcport"] = [String(header.sourcePort)]
        fields["tcp.dstport"] = [String(header.destinationPort)]
        fields["tcp.seq_raw"] = [String(header.sequenceNumber)]
        fields["tcp.ack_raw"] = [String(header.acknowledgmentNumber)]
        fields["tcp.flags"] = [hex(header.flags.rawValue)]
        fields["tcp.window_size_value"] = [String(header.window)]
        fields["tcp.hdr_len"] = [String(header.headerLength)]
        fields["tcp.len"] = [String(tcp.payload.remaining)]
        if let mss = header.maximumSegmentSize { fields["tcp.options.mss_val"] = [String(mss)] }
        if let shift = header.windowScale { fields["tcp.options.wscale.shift"] = [String(shift)] }
        if header.sackPermitted { fields["tcp.options.sack_perm"] = ["0402"] }
        if let stamps = header.timestamps {
            fields["tcp.options.timestamp.tsval"] = [String(stamps.value)]
            fields["tcp.options.timestamp.tsecr"] = [String(stamps.echoReply)]
        }
        if !header.sackBlocks.isEmpty {
            fields["tcp.options.sack_le"] = header.sackBlocks.map { String($0.left) }
            fields["tcp.options.sack_re"] = header.sackBlocks.map { String($0.right) }
        }
    }

    static func addTLS(_ direction: inout Direction, _ side: TLSDirection, _ parser: inout TLSConnectionParser,
                       to fields: inout Fields, frame: Int, problems: inout [String]) {
        var reader = ByteReader(direction.buffer)
        var events: [TLSEvent] = []
        do {
            while let record = try direction.decoder.decode(&reader) {
                fields["tls.record.types", default: []].append(String(record.contentType.rawValue))
                fields["tls.record.version", default: []].append(hex(record.version.rawValue))
                fields["tls.record.length", default: []].append(String(record.fragment.count))
                try parser.process(side, record, into: &events)
            }
        } catch {
            problems.append("frame \(frame): \(error)")
        }
        direction.buffer.removeFirst(reader.position)
        fields["tls.record.types"]?.sort()
        var sawServerKeyExchange = false
        for event in events {
            switch event {
            case .handshake(let message, let body):
                fields["tls.handshake.type", default: []].append(String(message.type.rawValue))
                fields["tls.handshake.length", default: []].append(String(message.body.count))
                if message.type == .serverKeyExchange || message.type == .certificateRequest {
                    sawServerKeyExchange = true
                }
                addHandshake(body, to: &fields)
            case .alert(let alert):
                fields["tls.alert_message.level", default: []].append(String(alert.level))
                fields["tls.alert_message.desc", default: []].append(String(alert.code))
            default:
                break
            }
        }
        // tshark also reports the signature scheme of ServerKeyExchange/CertificateRequest, which we do not parse.
        if sawServerKeyExchange { fields["tls.handshake.sig_hash_alg"] = ["(skipped)"] }
    }

    static func addHello(_ hello: some TLSExtensionCarrier, version: TLSProtocolVersion, random: [UInt8],
                         sessionID: [UInt8], suites: [TLSCipherSuite], compression: [UInt8], to fields: inout Fields) {
        fields["tls.handshake.version", default: []].append(hex(version.rawValue))
        fields["tls.handshake.random", default: []].append(random.map { String(format: "%02x", $0) }.joined())
        fields["tls.handshake.session_id_length", default: []].append(String(sessionID.count))
        fields["tls.handshake.ciphersuite", default: []] += suites.map { hex($0.rawValue) }
        fields["tls.handshake.comp_method", default: []] += compression.map { String($0) }
        fields["tls.handshake.extension.type", default: []] += hello.extensions.map { String($0.type.rawValue) }
        if let name = hello.serverName { fields["tls.handshake.extensions_server_name", default: []].append(name) }
        fields["tls.handshake.extensions_alpn_str", default: []] += hello.alpnProtocols
        fields["tls.handshake.extensions.supported_version", default: []] +=
            (hello.supportedVersions + (hello.selectedVersion.map { [$0] } ?? [])).map { hex($0.rawValue) }
        fields["tls.handshake.extensions_key_share_group", default: []] +=
            hello.keyShareGroups.map { String($0.rawValue) }
        fields["tls.handshake.extensions_supported_group", default: []] +=
            hello.supportedGroups.map { hex($0.rawValue) }
        fields["tls.handshake.sig_hash_alg", default: []] += hello.signatureAlgorithms.map { hex($0.rawValue) }
    }

    static func addHandshake(_ body: TLSHandshakeBody, to fields: inout Fields) {
        switch body {
        case .clientHello(let hello):
            addHello(hello, version: hello.legacyVersion, random: hello.random, sessionID: hello.sessionID,
                     suites: hello.cipherSuites, compression: hello.compressionMethods, to: &fields)
        case .serverHello(let hello), .helloRetryRequest(let hello):
            addHello(hello, version: hello.legacyVersion, random: hello.random, sessionID: hello.sessionID,
                     suites: [hello.cipherSuite], compression: [hello.compressionMethod], to: &fields)
        case .certificate(let certificate):
            let total = certificate.entries.reduce(0) { $0 + 3 + $1.data.count }
            fields["tls.handshake.certificates_length", default: []].append(String(total))
            fields["tls.handshake.certificate_length", default: []] += certificate.entries.map { String($0.data.count) }
        case .other:
            break
        }
    }

    /// Every field where ours and tshark's differ, as "frame N field: ours [...] tshark [...]".
    static func mismatches(ours: [Fields], tshark: [Fields]) -> [String] {
        guard ours.count == tshark.count else { return ["frame count: ours \(ours.count), tshark \(tshark.count)"] }
        var result: [String] = []
        for (index, (mine, theirs)) in zip(ours, tshark).enumerated() {
            // tshark does not dissect TLS in a segment it judged a retransmission or out of order: a per-packet
            // parser has no such judgement, so those frames' TLS fields are not comparable.
            let streamFlagged = theirs.keys.contains { $0.hasPrefix("tcp.analysis.") }
            for key in Set(mine.keys).union(theirs.keys).sorted() {
                if key.hasPrefix("tcp.analysis.") || streamFlagged && key.hasPrefix("tls.") { continue }
                let a = mine[key] ?? [], b = theirs[key] ?? []
                if a == ["(skipped)"] || a.isEmpty && b.isEmpty { continue }
                if a != b { result.append("frame \(index + 1) \(key): ours \(a), tshark \(b)") }
            }
        }
        return result
    }
}
