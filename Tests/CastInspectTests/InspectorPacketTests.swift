import CastLog
import CastWire
import Testing

@testable import CastInspect

/// The inspector on packets built byte by byte: plaintext Cast on 8009, TCP faults, fragments, truncation.
@Suite struct InspectorPacketTests {
    static let client: [UInt8] = [10, 0, 0, 1], server: [UInt8] = [10, 0, 0, 2]

    static func frame(_ source: String, _ destination: String, _ namespace: String, _ json: String) -> [UInt8] {
        (try? CastFrameEncoder.encode(CastMessage(sourceID: source, destinationID: destination,
                                                  namespace: namespace, json: json))) ?? []
    }

    static let heartbeat = "urn:x-cast:com.google.cast.tp.heartbeat"
    static let receiver = "urn:x-cast:com.google.cast.receiver"

    /// Runs packets (time in seconds, bytes) through an inspector and returns its events.
    static func inspect(_ packets: [(Int64, [UInt8])], linkType: LinkType = .ethernet,
                        maximumFlowBytes: Int = 16 << 20) -> (events: [InspectEvent], summary: InspectSummary) {
        var options = InspectOptions()
        options.maximumFlowBytes = maximumFlowBytes
        var events: [InspectEvent] = []
        let inspector = Inspector(options: options) { events.append($0) }
        for (index, packet) in packets.enumerated() {
            inspector.process(CapturedPacket(number: index + 1, time: LogTimestamp(seconds: packet.0, microseconds: 0),
                                             linkType: linkType, bytes: packet.1, originalLength: packet.1.count))
        }
        let summary = inspector.finish()
        return (events, summary)
    }

    static func segment(fromClient: Bool, sequence: UInt32, flags: UInt8 = 0x18, payload: [UInt8] = [],
                        serverPort: UInt16 = 8009, clientPort: UInt16 = 40000) -> [UInt8] {
        let tcp = PcapBuilder.tcp(sourcePort: fromClient ? clientPort : serverPort,
                                  destinationPort: fromClient ? serverPort : clientPort,
                                  sequence: sequence, flags: flags, payload: payload)
        return PcapBuilder.ipv4(source: fromClient ? client : server, destination: fromClient ? server : client,
                                proto: 6, transport: tcp)
    }

    static func codes(_ events: [InspectEvent]) -> [String] {
        events.compactMap { if case .finding(let finding) = $0 { finding.code } else { nil } }
    }

    static func castTypes(_ events: [InspectEvent]) -> [String] {
        events.compactMap { if case .cast(let record) = $0 { record.type } else { nil } }
    }

    @Test func plaintextCastOnPort8009IsDecodedAndPairedAcrossOutOfOrderSegments() {
        let request = Self.frame("sender-0", "receiver-0", Self.receiver, #"{"type":"GET_STATUS","requestId":7}"#)
        let reply = Self.frame("receiver-0", "sender-0", Self.receiver,
                               #"{"type":"LAUNCH_ERROR","requestId":7,"reason":"NOT_FOUND"}"#)
        let half = request.count / 2
        let run = Self.inspect([
            (1, Self.segment(fromClient: true, sequence: 999, flags: 0x02)),
            (1, Self.segment(fromClient: false, sequence: 4999, flags: 0x12)),
            (2, Self.segment(fromClient: true, sequence: 1000 + UInt32(half), payload: Array(request[half...]))),
            (2, Self.segment(fromClient: true, sequence: 1000, payload: Array(request[..<half]))),
            (2, Self.segment(fromClient: true, sequence: 1000, payload: Array(request[..<half]))),  // retransmission
            (3, Self.segment(fromClient: false, sequence: 5000, payload: reply)),
        ])
        #expect(Self.castTypes(run.events) == ["GET_STATUS", "LAUNCH_ERROR"])
        let latency = run.events.compactMap { if case .cast(let r) = $0 { r.reply?.latency } else { nil } }
        #expect(latency == [1.0])
        #expect(Self.codes(run.events) == ["cast.launch-error"])
    }

    @Test func requestWithoutReplyHeartbeatGapAndReceiverCloseAreFindings() {
        var stream: [UInt8] = []
        stream += Self.frame("sender-0", "receiver-0", Self.heartbeat, #"{"type":"PING"}"#)
        let ping2 = Self.frame("sender-0", "receiver-0", Self.heartbeat, #"{"type":"PING"}"#)
        let status = Self.frame("sender-0", "receiver-0", Self.receiver, #"{"type":"GET_STATUS","requestId":3}"#)
        let close = Self.frame("receiver-0", "sender-0", "urn:x-cast:com.google.cast.tp.connection", #"{"type":"CLOSE"}"#)
        let invalid = Self.frame("receiver-0", "sender-0", Self.receiver,
                                 #"{"type":"INVALID_REQUEST","requestId":9,"reason":"INVALID_COMMAND"}"#)
        let run = Self.inspect([
            (0, Self.segment(fromClient: true, sequence: 1, payload: stream)),
            (20, Self.segment(fromClient: true, sequence: 1 + UInt32(stream.count), payload: ping2 + status)),
            (21, Self.segment(fromClient: false, sequence: 1, payload: close + invalid)),
            (30, Self.segment(fromClient: false, sequence: 1 + UInt32(close.count + invalid.count), flags: 0x11)),
        ])
        let codes = Self.codes(run.events)
        #expect(codes.contains("cast.heartbeat-gap"))
        #expect(codes.contains("cast.receiver-close"))
        #expect(codes.contains("cast.invalid-request"))
        #expect(codes.contains("cast.no-reply"))
    }

    @Test func mediaFailuresNameTheirCodeAndTheLoadsContent() {
        let media = "urn:x-cast:com.google.cast.media"
        let load = Self.frame("sender-0", "T", media,
                              #"{"type":"LOAD","requestId":5,"media":{"contentId":"https://cdn.example/a.m3u8"}}"#)
        let failed = Self.frame("T", "sender-0", media, #"{"type":"LOAD_FAILED","requestId":5,"detailedErrorCode":311}"#)
        let error = Self.frame("T", "sender-0", media, #"{"type":"ERROR","requestId":0,"detailedErrorCode":301}"#)
        let idle = Self.frame("T", "sender-0", media, #"{"type":"MEDIA_STATUS","requestId":0,"status":[{"#
                              + #""mediaSessionId":1,"playerState":"IDLE","idleReason":"ERROR"}]}"#)
        let finished = Self.frame("T", "sender-0", media, #"{"type":"MEDIA_STATUS","requestId":0,"status":[{"#
                                  + #""mediaSessionId":1,"playerState":"IDLE","idleReason":"FINISHED"}]}"#)
        let replies = failed + error + idle + finished
        let run = Self.inspect([
            (1, Self.segment(fromClient: true, sequence: 1, payload: load)),
            (2, Self.segment(fromClient: false, sequence: 1, payload: replies)),
        ])
        let findings = run.events.compactMap { if case .finding(let f) = $0 { f } else { nil } }
        #expect(findings.map(\.code) == ["media.load-failed", "media.error", "media.idle-error"])
        #expect(findings.first?.summary
                == "LOAD_FAILED: detailedErrorCode 311 HLS_NETWORK_MASTER_PLAYLIST for https://cdn.example/a.m3u8")
        #expect(findings.dropFirst().first?.summary == "ERROR: detailedErrorCode 301 SEGMENT_NETWORK")
    }

    @Test func appClosingAfterTheSendersStopIsNoFinding() {
        let stop = Self.frame("sender-0", "receiver-0", Self.receiver, #"{"type":"STOP","requestId":4,"sessionId":"S"}"#)
        let close = Self.frame("S", "sender-0", "urn:x-cast:com.google.cast.tp.connection", #"{"type":"CLOSE"}"#)
        let status = Self.frame("receiver-0", "sender-0", Self.receiver,
                                #"{"type":"RECEIVER_STATUS","requestId":4,"status":{"applications":[]}}"#)
        let run = Self.inspect([
            (1, Self.segment(fromClient: true, sequence: 1, payload: stop)),
            (2, Self.segment(fromClient: false, sequence: 1, payload: close + status)),
        ])
        #expect(Self.castTypes(run.events) == ["STOP", "CLOSE", "RECEIVER_STATUS"])
        #expect(!Self.codes(run.events).contains("cast.receiver-close"))
        // A CLOSE crossing the sender's own CLOSE of that virtual connection is no finding either.
        let senderClose = Self.frame("sender-0", "receiver-0", "urn:x-cast:com.google.cast.tp.connection",
                                     #"{"type":"CLOSE"}"#)
        let receiverClose = Self.frame("receiver-0", "sender-0", "urn:x-cast:com.google.cast.tp.connection",
                                       #"{"type":"CLOSE"}"#)
        let crossing = Self.inspect([
            (1, Self.segment(fromClient: true, sequence: 1, payload: senderClose)),
            (2, Self.segment(fromClient: false, sequence: 1, payload: receiverClose)),
        ])
        #expect(!Self.codes(crossing.events).contains("cast.receiver-close"))
        // Without the STOP the same CLOSE is worth a look.
        let unasked = Self.inspect([(2, Self.segment(fromClient: false, sequence: 1, payload: close))])
        #expect(Self.codes(unasked.events).contains("cast.receiver-close"))
    }

    @Test func oversizedFrameIsAFindingAndTheStreamResynchronises() {
        let good = Self.frame("sender-0", "receiver-0", Self.receiver, #"{"type":"GET_STATUS","requestId":1}"#)
        let bad: [UInt8] = [0x00, 0x02, 0x00, 0x00, 1, 2, 3]
        let run = Self.inspect([
            (1, Self.segment(fromClient: true, sequence: 1, payload: good)),
            (2, Self.segment(fromClient: true, sequence: 1 + UInt32(good.count), payload: bad)),
            (3, Self.segment(fromClient: true, sequence: 1 + UInt32(good.count + bad.count), payload: good)),
        ])
        #expect(Self.codes(run.events).contains("cast.frame-too-large"))
        #expect(Self.castTypes(run.events) == ["GET_STATUS", "GET_STATUS"])
    }

    @Test func aGapIsReportedWithItsSizeAndDecodingResumesAtTheNextFrame() {
        let one = Self.frame("sender-0", "receiver-0", Self.receiver, #"{"type":"GET_STATUS","requestId":1}"#)
        let two = Self.frame("sender-0", "receiver-0", Self.receiver, #"{"type":"GET_STATUS","requestId":2}"#)
        let three = Self.frame("sender-0", "receiver-0", Self.receiver, #"{"type":"STOP","requestId":3}"#)
        // `two` is never captured; the hold limit (1 byte) forces the gap at once.
        let run = Self.inspect([
            (1, Self.segment(fromClient: true, sequence: 1, payload: one)),
            (2, Self.segment(fromClient: true, sequence: 1 + UInt32(one.count + two.count), payload: three)),
        ], maximumFlowBytes: 1)
        #expect(run.summary.gaps == 1)
        let gap = run.events.compactMap { if case .finding(let f) = $0, f.code == "tcp.gap" { f.summary } else { nil } }
        #expect(gap == ["\(two.count) bytes missing in c2s stream"])
        #expect(Self.castTypes(run.events) == ["GET_STATUS", "STOP"])
    }

    @Test func refusedConnectionIsAFinding() {
        let run = Self.inspect([
            (1, Self.segment(fromClient: true, sequence: 100, flags: 0x02)),
            (1, Self.segment(fromClient: false, sequence: 0, flags: 0x14)),
        ])
        #expect(Self.codes(run.events) == ["tcp.refused"])
    }

    @Test func fragmentedMDNSIsReassembledAndTruncatedPacketsAreCounted() throws {
        var question: [UInt8] = [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]
        question += [11] + Array("_googlecast".utf8) + [4] + Array("_tcp".utf8) + [5] + Array("local".utf8) + [0, 0, 12, 0, 1]
        let udp = PcapBuilder.udp(sourcePort: 5353, destinationPort: 5353, payload: question)
        let first = PcapBuilder.ipv4(destination: [224, 0, 0, 251], proto: 17, identification: 77,
                                     flagsAndOffset: 0x2000, transport: Array(udp[..<16]))
        let second = PcapBuilder.ipv4(destination: [224, 0, 0, 251], proto: 17, identification: 77,
                                      flagsAndOffset: 2, transport: Array(udp[16...]))
        let whole = PcapBuilder.ipv4(destination: [224, 0, 0, 251], proto: 17, transport: udp)
        let run = Self.inspect([(1, second), (1, first), (2, Array(whole.prefix(whole.count - 5)))])
        let mdns = run.events.compactMap { if case .mdns(let e) = $0 { e } else { nil } }
        #expect(mdns.count == 2)
        #expect(mdns.first?.summary == "query _googlecast._tcp.local. PTR")
        #expect(run.summary.truncatedPackets == 1)
    }
}

