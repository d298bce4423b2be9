import CastTLS
import CastWire

/// Follows both directions of one TLS connection: handshake metadata, alerts, and — with keys — plaintext.
///
/// Fed the reassembled byte streams (and gaps) of the two directions; returns events in the order found.
struct TLSConnectionDecoder: Sendable {
    private struct Side: Sendable {
        var queue = ByteQueue()
        var decoder = TLSRecordDecoder()
        var handshake = TLSHandshakeReassembler()
        var decryptor: TLSRecordDecryptor?
        /// TLS 1.3: keys to switch to after this side's Finished.
        var applicationSecret: [UInt8]?
        /// True after CCS (1.2) or ServerHello (1.3): records are encrypted.
        var encrypted = false
        /// True after a gap until a record header is found again.
        var resynchronising = false
        /// After a gap: how many sequence numbers to try (0: none), and on how many more records.
        var guessWindow = 0
        var guessAttempts = 0
        var failed = false
        var resyncCount = 0
        /// TLS 1.3 0-RTT (client side): the early-data keys, once a record showed which offered suite they are for.
        var earlyDecryptor: TLSRecordDecryptor?
        /// Suites the early secret may be for, until the first early record picks one.
        var earlyCandidates: [TLSCipherSpec] = []
        var earlySecret: [UInt8] = []
    }

    private var sides = PerDirection(Side())
    private var clientHello: TLSClientHello?
    private var spec: TLSCipherSpec?
    private var secrets: TLSKeyLog.Secrets?
    private var isTLS13 = false
    /// The negotiated version (TLS 1.0–1.2 key blocks and CBC IVs depend on it).
    private var version = TLSProtocolVersion.tls12
    /// RFC 7366: the ServerHello agreed to encrypt-then-MAC (CBC suites only).
    private var encryptThenMAC = false
    private(set) var info: TLSSessionInfo?
    private(set) var decryptedRecords = 0
    private(set) var undecryptedRecords = 0
    let keyLog: TLSKeyLog

    /// True once the ClientHello was seen (records before the ServerHello are then 0-RTT early data).
    var hasClientHello: Bool { clientHello != nil }

    init(keyLog: TLSKeyLog) {
        self.keyLog = keyLog
    }

    /// Adds reassembled bytes of one direction. When `bytes` is a slice of `segment` (the captured packet) and
    /// nothing is queued, whole records are decoded straight from the packet and only an incomplete last record
    /// is copied into the queue.
    mutating func feed(_ bytes: ArraySlice<UInt8>, segment: [UInt8]? = nil, direction: FlowDirection,
                       into events: inout [TLSConnectionEvent]) {
        // Moved out (and back) rather than copied, so `side` stays uniquely referenced while it is mutated and no
        // field is retained and released per delivery.
        var side = Side()
        swap(&side, &sides[direction])
        defer { swap(&side, &sides[direction]) }
        if side.failed { return }
        var pending = bytes
        if side.queue.count == 0, !side.resynchronising, let segment, Self.isSlice(bytes, of: segment) {
            var reader = ByteReader(segment, range: bytes.startIndex..<bytes.endIndex)
            while !side.failed {
                let record: TLSRecordSpan
                do throws(TLSParseError) {
                    guard let next = try side.decoder.decodeInPlace(&reader) else { break }
                    record = next
                } catch {
                    break  // decoded again from the queue below, which reports it and resynchronises
                }
                process(record, side: &side, direction: direction, into: &events)
            }
            if side.failed { return }
            pending = bytes[reader.position...]
            if pending.isEmpty { return }
        }
        side.queue.append(pending)
        // A bad record header is reported once, then skipped: the direction resynchronises at the next plausible
        // header (at most `maximumResyncs` times, so garbage cannot make this loop for long).
        while !side.failed {
            if side.resynchronising {
                guard resynchronise(&side) else { return }
            }
            var reader = side.queue.reader
            var faulted = false
            while true {
                let record: TLSRecordSpan
                do throws(TLSParseError) {
                    guard let next = try side.decoder.decodeInPlace(&reader) else { break }
                    record = next
                } catch {
                    events.append(.parseError(error.description, direction: direction))
                    faulted = true
                    break
                }
                side.queue.consume(to: reader)
                process(record, side: &side, direction: direction, into: &events)
                if side.failed { break }
            }
            side.queue.consume(to: reader)
            guard faulted else { return }
            side.resyncCount += 1
            if side.resyncCount > Self.maximumResyncs {
                side.failed = true
                return
            }
            side.queue.drop(1)
            side.resynchronising = true
        }
    }

    /// True when `bytes` views `segment`'s own storage (so a reader over `segment` sees the same bytes).
    private static func isSlice(_ bytes: ArraySlice<UInt8>, of segment: [UInt8]) -> Bool {
        guard !bytes.isEmpty, bytes.startIndex >= 0, bytes.endIndex <= segment.count else { return false }
        let sliceStart = bytes.withUnsafeBufferPointer { $0.baseAddress }
        let segmentStart = segment.withUnsafeBufferPointer { $0.baseAddress.map { $0 + bytes.startIndex } }
        return sliceStart != nil && sliceStart == segmentStart
    }

    /// Parse faults per direction after which it is given up.
    static let maximumResyncs = 16

    /// The stream was picked up without its start: look for a record header before decoding.
    mutating func startMidStream(direction: FlowDirection) {
        sides[direction].resynchronising = true
    }

    /// Records that `size` bytes were lost: the direction resynchronises at the next plausible record header, and
    /// the decryptor tries as many sequence numbers as records could have fit in the gap (at least 22 bytes each).
    mutating func gap(direction: FlowDirection, size: Int) {
        sides[direction].queue.removeAll()
        sides[direction].resynchronising = true
        // Each guess is a full AEAD open; a forged gap must not buy thousands of them per record.
        sides[direction].guessWindow = min(64, max(0, size) / 22 + 2)
        sides[direction].guessAttempts = 3
        sides[direction].failed = false
    }

    /// Finds a plausible record header (known type, version 3.x, length within limits) and restarts there.
    private func resynchronise(_ side: inout Side) -> Bool {
        let bytes = side.queue.reader
        var index = bytes.position
        while index + 5 <= bytes.limit {
            let type = bytes.storage[index], major = bytes.storage[index + 1], minor = bytes.storage[index + 2]
            let length = Int(bytes.storage[index + 3]) << 8 | Int(bytes.storage[index + 4])
            if (20...23).contains(type), major == 3, minor <= 4, length > 0, length <= TLSRecord.maximumLength {
                side.queue.drop(index - bytes.position)
                side.resynchronising = false
                side.decoder = TLSRecordDecoder()
                side.handshake = TLSHandshakeReassembler()
                return true
            }
            index += 1
        }
        side.queue.drop(max(0, index - bytes.position))
        return false
    }

    /// `record` is read where it lies; only records that are not decrypted (handshake, alerts) are copied out.
    private mutating func process(_ record: TLSRecordSpan, side: inout Side, direction: FlowDirection,
                                  into events: inout [TLSConnectionEvent]) {
        if record.contentType == .changeCipherSpec {
            if !isTLS13 {
                side.encrypted = true
                side.decryptor = tls12Decryptor(client: direction == .c2s)
            }
            return
        }
        if record.contentType == .applicationData, side.earlyDecryptor != nil || !side.earlyCandidates.isEmpty {
            // 0-RTT: early data (and EndOfEarlyData) under the early keys; the first record they do not open ends
            // the early phase (the server rejected it, or the handshake keys took over).
            if let opened = openEarly(record.record, side: &side) {
                decryptedRecords += 1
                plaintext(type: opened.contentType, bytes: opened.plaintext, offset: record.offset, side: &side,
                          direction: direction, into: &events, decrypted: true)
                return
            }
        }
        if record.contentType == .applicationData, !side.encrypted {
            // Application data is always protected; before a handshake was seen (mid-stream) there are no keys.
            undecryptedRecords += 1
            events.append(.undecrypted(direction: direction, length: record.length))
            return
        }
        if !side.encrypted || (isTLS13 && record.contentType != .applicationData) {
            plaintext(type: record.contentType.rawValue, bytes: Array(record.fragment.remainingBytes),
                      offset: record.offset, side: &side, direction: direction, into: &events)
            return
        }
        guard side.decryptor != nil else {
            undecryptedRecords += 1
            events.append(.undecrypted(direction: direction, length: record.length))
            return
        }
        var opened: TLSRecordDecryptor.Opened?
        if side.guessWindow > 0 {
            opened = side.decryptor?.openResynchronising(record, window: side.guessWindow)
            side.guessAttempts -= 1
            if opened != nil || side.guessAttempts <= 0 { side.guessWindow = 0 }
        } else {
            opened = try? side.decryptor?.open(record)
            // A TLS 1.3 Finished we did not see: the application keys may already be in use.
            if opened == nil, isTLS13, let secret = side.applicationSecret, let spec,
               var next = try? TLSRecordDecryptor(tls13: spec, secret: secret), let retry = try? next.open(record) {
                side.decryptor = next
                side.applicationSecret = nil
                opened = retry
            }
        }
        guard let opened else {
            undecryptedRecords += 1
            events.append(.decryptionFailed(direction: direction, offset: record.offset))
            return
        }
        decryptedRecords += 1
        plaintext(type: opened.contentType, bytes: opened.plaintext, offset: record.offset, side: &side,
                  direction: direction, into: &events, decrypted: true)
    }

    private mutating func plaintext(type: UInt8, bytes: [UInt8], offset: Int, side: inout Side,
                                    direction: FlowDirection, into events: inout [TLSConnectionEvent],
                                    decrypted: Bool = false) {
        guard let contentType = TLSContentType(rawValue: type) else { return }
        let record = TLSRecord(contentType: contentType, version: .tls12, fragment: bytes, offset: offset)
        switch contentType {
        case .applicationData:
            if !bytes.isEmpty { events.append(.applicationData(bytes, direction: direction)) }
        case .alert:
            if let alert = try? TLSAlert(record) {
                events.append(.alert(TLSAlertInfo(level: alert.levelName, name: alert.name, wasEncrypted: decrypted),
                                     direction: direction))
            }
        case .handshake:
            do throws(TLSParseError) {
                for message in try side.handshake.append(record) {
                    handshake(message, side: &side, direction: direction, into: &events)
                }
            } catch {
                events.append(.parseError(error.description, direction: direction))
                side.handshake = TLSHandshakeReassembler()
            }
        case .changeCipherSpec, .heartbeat:
            break
        }
    }

    private mutating func handshake(_ message: TLSHandshakeMessage, side: inout Side, direction: FlowDirection,
                                    into events: inout [TLSConnectionEvent]) {
        let body = try? TLSHandshakeBody.decode(message, isTLS13: isTLS13)
        switch body {
        case .clientHello(let hello):
            clientHello = hello
            prepareEarlyData(hello, side: &side)
        case .serverHello(let hello):
            negotiate(hello, server: &side, into: &events)
        case .certificate(let certificates):
            events.append(.certificates(certificates.entries.map(\.data), direction: direction))
        default:
            break
        }
        guard isTLS13, side.encrypted else { return }
        if message.type == .finished, let secret = side.applicationSecret, let spec {
            side.decryptor = try? TLSRecordDecryptor(tls13: spec, secret: secret)
            side.applicationSecret = nil
        } else if message.type.rawValue == 5 {  // end_of_early_data: the handshake keys take over
            side.earlyDecryptor = nil
            side.earlyCandidates = []
        } else if message.type.rawValue == 24 {  // key_update (RFC 8446 §4.6.3)
            try? side.decryptor?.update()
            events.append(.keyUpdate(direction: direction))
        }
    }

    /// `server` is the server direction's state, checked out of `sides` while its bytes are processed.
    private mutating func negotiate(_ hello: TLSServerHello, server: inout Side,
                                    into events: inout [TLSConnectionEvent]) {
        version = hello.negotiatedVersion
        isTLS13 = version == .tls13
        encryptThenMAC = hello.extensions.contains { $0.type.rawValue == 22 }
        let clientRandom = clientHello?.random ?? []
        spec = TLSCipherSpec(hello.cipherSuite)
        if let known = spec, known.isTLS13 != isTLS13 { spec = nil }  // a 1.3 suite in 1.2 (or back) is not a session
        secrets = keyLog.secrets(forClientRandom: clientRandom)
        var reason: String?
        if clientHello == nil {
            reason = "the ClientHello was not captured"
        } else if version.rawValue < TLSProtocolVersion.tls10.rawValue {
            reason = "\(version) is not decrypted by castscope"
        } else if spec == nil {
            reason = TLSCipherSpec.unsupportedReason(hello.cipherSuite)
        } else if secrets == nil {
            reason = "no key log entry for client random \(HexText.string(from: clientRandom))"
        }
        var decryptable = reason == nil
        if decryptable, let spec, let secrets {
            if isTLS13 {
                guard let clientHS = secrets.clientHandshake, let serverHS = secrets.serverHandshake else {
                    decryptable = secrets.clientTraffic != nil
                    reason = "the key log lacks the handshake traffic secrets"
                    setTLS13Application(spec: spec, secrets: secrets, server: &server)
                    return report(hello, clientRandom, decryptable, reason, into: &events)
                }
                sides[.c2s].decryptor = try? TLSRecordDecryptor(tls13: spec, secret: clientHS)
                server.decryptor = try? TLSRecordDecryptor(tls13: spec, secret: serverHS)
                sides[.c2s].applicationSecret = secrets.clientTraffic
                server.applicationSecret = secrets.serverTraffic
            } else if secrets.masterSecret == nil {
                decryptable = false
                reason = "the key log has TLS 1.3 secrets but no CLIENT_RANDOM master secret"
            }
        }
        if isTLS13 {
            // Everything after the ServerHello is protected in TLS 1.3 (CCS records are only for middleboxes).
            sides[.c2s].encrypted = true
            server.encrypted = true
        }
        report(hello, clientRandom, decryptable, reason, into: &events)
    }

    private mutating func setTLS13Application(spec: TLSCipherSpec, secrets: TLSKeyLog.Secrets,
                                              server: inout Side) {
        sides[.c2s].encrypted = true
        server.encrypted = true
        if let secret = secrets.clientTraffic { sides[.c2s].decryptor = try? TLSRecordDecryptor(tls13: spec, secret: secret) }
        if let secret = secrets.serverTraffic { server.decryptor = try? TLSRecordDecryptor(tls13: spec, secret: secret) }
    }

    private mutating func report(_ hello: TLSServerHello, _ clientRandom: [UInt8], _ decryptable: Bool,
                                 _ reason: String?, into events: inout [TLSConnectionEvent]) {
        let session = TLSSessionInfo(
            version: hello.negotiatedVersion.description, cipher: hello.cipherSuite.description,
            clientRandom: clientRandom, serverRandom: hello.random, serverName: clientHello?.serverName,
            decryptable: decryptable, reason: reason)
        info = session
        events.append(.negotiated(session))
    }

    /// A ClientHello offering early data (extension 42) whose early secret is in the key log: the TLS 1.3 suites
    /// it offers with that secret's hash length are the candidates (the ServerHello may come after the data).
    private func prepareEarlyData(_ hello: TLSClientHello, side: inout Side) {
        guard hello.extensions.contains(where: { $0.type.rawValue == 42 }),
              let secret = keyLog.secrets(forClientRandom: hello.random)?.clientEarly else { return }
        side.earlySecret = secret
        side.earlyCandidates = hello.cipherSuites.compactMap(TLSCipherSpec.init).filter {
            $0.isTLS13 && $0.hash.digestLength == secret.count
        }
    }

    /// Opens an early-data record; nil (and the early phase over) when the early keys do not open it.
    private func openEarly(_ record: TLSRecord, side: inout Side) -> TLSRecordDecryptor.Opened? {
        if side.earlyDecryptor == nil {
            let chosen = spec.map { [$0] } ?? side.earlyCandidates
            for candidate in chosen {
                guard var decryptor = try? TLSRecordDecryptor(tls13: candidate, secret: side.earlySecret),
                      let opened = try? decryptor.open(record) else { continue }
                side.earlyDecryptor = decryptor
                side.earlyCandidates = []
                return opened
            }
            side.earlyCandidates = []
            return nil
        }
        if let opened = try? side.earlyDecryptor?.open(record) { return opened }
        side.earlyDecryptor = nil
        return nil
    }

    private func tls12Decryptor(client: Bool) -> TLSRecordDecryptor? {
        // SSL 3.0 has its own MAC and key derivation: not decrypted (the handshake line says so).
        guard let spec, !spec.isTLS13, version.rawValue >= TLSProtocolVersion.tls10.rawValue,
              let master = secrets?.masterSecret, let clientRandom = clientHello?.random,
              let serverRandom = info?.serverRandom else { return nil }
        return try? TLSRecordDecryptor(tls12: spec, version: version, masterSecret: master, clientRandom: clientRandom,
                                       serverRandom: serverRandom, client: client, encryptThenMAC: encryptThenMAC)
    }
}
