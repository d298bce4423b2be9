import Testing
@testable import CastWire

@Suite struct TLSRecordDecoderTests {
    static let flight = TLSFixtures.clientHelloRecord + TLSFixtures.serverHelloRecord + TLSFixtures.changeCipherSpec
        + TLSFixtures.applicationData + TLSFixtures.fatalHandshakeFailure

    @Test func decodesRecordsWithStreamOffsets() throws {
        var decoder = TLSRecordDecoder()
        var reader = ByteReader(Self.flight)
        var records: [TLSRecord] = []
        while let record = try decoder.decode(&reader) { records.append(record) }
        #expect(records.map(\.contentType) == [.handshake, .handshake, .changeCipherSpec, .applicationData, .alert])
        #expect(records.map(\.offset) == [0, 147, 218, 224, 232])
        #expect(records[0].version == .tls10)
        #expect(records[0].fragment.count == 142)
        #expect(reader.isAtEnd)
        #expect(decoder.streamOffset == Self.flight.count)
    }

    @Test func inPlaceSpansMatchCopiedRecordsAndBorrowTheInputsBytes() throws {
        var copying = TLSRecordDecoder()
        var inPlace = TLSRecordDecoder()
        var copyReader = ByteReader(Self.flight)
        var spanReader = ByteReader(Self.flight)
        while let record = try copying.decode(&copyReader) {
            let span = try #require(try inPlace.decodeInPlace(&spanReader))
            #expect(span.record == record)
            #expect(span.length == record.fragment.count)
            #expect(span.withFragment { Array($0) } == record.fragment)
            #expect(span.fragment.storage == Self.flight)  // a view of the input, not a copy
        }
        #expect(try inPlace.decodeInPlace(&spanReader) == nil)
        #expect(spanReader.position == copyReader.position)
        #expect(inPlace.streamOffset == copying.streamOffset)
        var cut = ByteReader(Array(TLSFixtures.clientHelloRecord.prefix(100)))
        #expect(try inPlace.decodeInPlace(&cut) == nil)
        #expect(cut.position == 0)
    }

    @Test func incompleteRecordReturnsNilAndLeavesReaderUntouched() throws {
        var decoder = TLSRecordDecoder()
        for cut in [0, 3, 5, 100, 146] {
            var reader = ByteReader(Array(TLSFixtures.clientHelloRecord.prefix(cut)))
            #expect(try decoder.decode(&reader) == nil)
            #expect(reader.position == 0)
            #expect(decoder.streamOffset == 0)
        }
    }

    @Test func rejectsUnknownContentTypeAtOnce() {
        var decoder = TLSRecordDecoder()
        var reader = ByteReader([0x47, 0x45, 0x54, 0x20, 0x2F])  // "GET /": not TLS
        #expect(throws: TLSParseError(context: .record, kind: .malformed(.unknownContentType(0x47)), offset: 0)) {
            try decoder.decode(&reader)
        }
        #expect(reader.position == 0)
    }

    @Test func rejectsBadVersionOverlongAndEmptyRecords() {
        var decoder = TLSRecordDecoder()
        var reader = ByteReader([0x16, 0x02, 0x00, 0x00, 0x01])
        #expect(throws: TLSParseError(context: .record, kind: .malformed(.recordVersion(0x0200)), offset: 0)) {
            try decoder.decode(&reader)
        }
        reader = ByteReader([0x17, 0x03, 0x03, 0x48, 0x01])  // 18433 = 2^14 + 2048 + 1
        let tooLong = TLSParseError(context: .record, kind: .malformed(.recordTooLong(18_433)), offset: 0)
        #expect(throws: tooLong) { try decoder.decode(&reader) }
        #expect(tooLong.description == "TLS record malformed at byte 0: record length 18433 exceeds 18432")
        reader = ByteReader([0x16, 0x03, 0x03, 0x00, 0x00])
        #expect(throws: TLSParseError(context: .record, kind: .malformed(.emptyRecord(.handshake)), offset: 0)) {
            try decoder.decode(&reader)
        }
        reader = ByteReader([0x17, 0x03, 0x03, 0x00, 0x00])  // empty application data is legal
        #expect((try? decoder.decode(&reader))??.fragment == [])
    }

    @Test func acceptsTheLargestLegalRecord() throws {
        var decoder = TLSRecordDecoder()
        var reader = ByteReader([0x17, 0x03, 0x03, 0x48, 0x00] + [UInt8](repeating: 0, count: 18_432))
        #expect(try decoder.decode(&reader)?.fragment.count == 18_432)
    }

    @Test func errorOffsetCountsEarlierRecords() {
        var decoder = TLSRecordDecoder()
        var reader = ByteReader(TLSFixtures.changeCipherSpec + [0x99, 0x03, 0x03, 0x00, 0x01, 0x00])
        #expect(throws: TLSParseError(context: .record, kind: .malformed(.unknownContentType(0x99)), offset: 6)) {
            while try decoder.decode(&reader) != nil {}
        }
        #expect(reader.position == 6)
    }

    // MARK: Drip feed

    /// Feeds `stream` in chunks of the given sizes through a fresh decoder, compacting the buffer like a socket
    /// reader would, and returns every record plus the error (if any) and the bytes left undecoded.
    static func dripFeed(_ stream: [UInt8], chunks: [Int]) -> (records: [TLSRecord], error: TLSParseError?, left: Int) {
        var decoder = TLSRecordDecoder()
        var buffer: [UInt8] = []
        var records: [TLSRecord] = []
        var index = 0
        for size in chunks {
            buffer += stream[index..<index + size]
            index += size
            var reader = ByteReader(buffer)
            do {
                while true {
                    let before = reader.position
                    guard let record = try decoder.decode(&reader) else {
                        if reader.position != before { return (records, nil, -1) }  // nil must not move the reader
                        break
                    }
                    records.append(record)
                }
            } catch {
                return (records, error, buffer.count - reader.position)
            }
            buffer.removeFirst(reader.position)
        }
        return (records, nil, buffer.count)
    }

    /// Chunk sizes: one byte each, all at once, and seeded pseudo-random splits.
    static func splits(of count: Int) -> [[Int]] {
        var result = [[Int](repeating: 1, count: count), [count]]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20 {
            var sizes: [Int] = []
            var left = count
            while left > 0 {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                let size = min(left, Int(state % 64) + 1)
                sizes.append(size)
                left -= size
            }
            result.append(sizes)
        }
        return result
    }

    @Test func dripFeedGivesIdenticalRecords() {
        let stream = Self.flight + [0x17, 0x03, 0x03, 0x00, 0x05, 1, 2]  // ends in a partial record
        let reference = Self.dripFeed(stream, chunks: [stream.count])
        #expect(reference.records.count == 5)
        #expect(reference.left == 7)
        for chunks in Self.splits(of: stream.count) {
            let result = Self.dripFeed(stream, chunks: chunks)
            #expect(result.records == reference.records)
            #expect(result.error == nil)
            #expect(result.left == reference.left)
        }
    }

    @Test func dripFeedGivesIdenticalErrors() {
        let stream = Self.flight + [0x42, 0x03, 0x03, 0x00, 0x01, 0x00]
        let reference = Self.dripFeed(stream, chunks: [stream.count])
        #expect(reference.error?.offset == Self.flight.count)
        for chunks in Self.splits(of: stream.count) {
            let result = Self.dripFeed(stream, chunks: chunks)
            #expect(result.records == reference.records)
            #expect(result.error == reference.error)
        }
    }
}
