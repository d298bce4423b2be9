import Testing
@testable import CastWire

@Suite struct DNSErrorTests {
    private func error(_ bytes: [UInt8]) -> DNSError? { DNSMessage.decodeLax(bytes).error }

    @Test func truncatedHeaderReportsNeededAndAvailable() {
        #expect(error([0x00, 0x00, 0x84]) == DNSError(.truncated, section: .header, offset: 0, needed: 12, available: 3))
    }

    @Test func truncatedLabelReportsItsOffset() {
        // 12: label of 5 bytes, only "ab" present
        let bytes = DNSFixtures.response(answers: 1, [0x05, 0x61, 0x62])
        #expect(error(bytes) == DNSError(.truncated, section: .answer, index: 0, offset: 13, needed: 5, available: 2))
    }

    @Test func truncatedFixedRecordFieldsReportTheirOffset() {
        // 12: "h", then 3 of the 10 fixed bytes
        let bytes = DNSFixtures.response(answers: 1, DNSFixtures.hostH + [0x00, 0x01, 0x00])
        #expect(error(bytes) == DNSError(.truncated, section: .answer, index: 0, offset: 15, needed: 10, available: 3))
    }

    @Test func truncatedRDATAReportsNeededAndAvailable() {
        // 15: A, IN, TTL 1, RDLENGTH 4; 25: two bytes only
        let bytes = DNSFixtures.response(answers: 1, DNSFixtures.hostH + [
            0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x04, 0x0A, 0x00,
        ])
        let found = error(bytes)
        #expect(found == DNSError(.truncated, section: .answer, index: 0, offset: 25, needed: 4, available: 2))
        #expect(found?.isTruncated == true)
        #expect(found?.description == "answer 0: truncated at byte 25: need 4, have 2")
    }

    @Test func pointerToItselfIsALoop() {
        // 12: pointer to 12
        #expect(error(DNSFixtures.response(answers: 1, [0xC0, 0x0C])) == DNSError(.pointerLoop, section: .answer,
                                                                                    index: 0, offset: 12))
    }

    @Test func pointerChainLoopIsRejected() {
        // 12: pointer to 14; 14: pointer to 12
        let found = error(DNSFixtures.response(answers: 1, [0xC0, 0x0E, 0xC0, 0x0C]))
        #expect(found?.kind == .pointerLoop && found?.section == .answer && found?.index == 0)
    }

    @Test func loopThroughLabelsIsRejectedAsLoop() {
        // 12: label "a", pointer back to 12 — the name would grow forever
        let found = error(DNSFixtures.response(answers: 1, [0x01, 0x61, 0xC0, 0x0C]))
        #expect(found?.kind == .pointerLoop)
    }

    @Test func pointerBeyondTheMessageIsOutOfBounds() {
        // 12: pointer to 0x3FF
        #expect(error(DNSFixtures.response(answers: 1, [0xC3, 0xFF])) == DNSError(.pointerOutOfBounds,
                                                                                     section: .answer, index: 0,
                                                                                     offset: 12))
    }

    @Test func nameOver255BytesIsRejectedAtTheLabelThatCrosses() {
        let label63 = [UInt8(63)] + [UInt8](repeating: 0x61, count: 63)
        // 12, 76, 140: three 63-byte labels (192 bytes); 204: the fourth crosses 255
        let bytes = DNSFixtures.response(answers: 1, label63 + label63 + label63 + label63 + [0x00])
        #expect(error(bytes) == DNSError(.nameTooLong, section: .answer, index: 0, offset: 204))
    }

    @Test func nameOfExactly255BytesIsAccepted() throws {
        let label63 = [UInt8(63)] + [UInt8](repeating: 0x61, count: 63)
        let label61 = [UInt8(61)] + [UInt8](repeating: 0x62, count: 61)
        let name = label63 + label63 + label63 + label61 + [0x00]
        let bytes = DNSFixtures.response(answers: 1, name + [0x00, 0x01, 0x00, 0x01, 0, 0, 0, 1, 0x00, 0x04, 1, 2, 3, 4])
        let record = try DNSMessage(decoding: bytes).answers[0]
        #expect(record.name.wireLength == 255)
    }

    @Test func reservedLabelTypeIsMalformed() {
        // 12: 0x40 = extended label type (RFC 6891 deprecated)
        #expect(error(DNSFixtures.response(answers: 1, [0x41, 0x00])) == DNSError(.reservedLabelType,
                                                                                    section: .answer, index: 0,
                                                                                    offset: 12))
    }

    @Test func addressWithWrongLengthIsRDATAMismatch() {
        // 15: A with RDLENGTH 5
        let bytes = DNSFixtures.response(answers: 1, DNSFixtures.hostH + [
            0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x05, 10, 0, 0, 1, 9,
        ])
        let found = error(bytes)
        #expect(found?.kind == .rdataLengthMismatch && found?.offset == 25 && found?.isTruncated == false)
    }

    @Test func laxDecodingSkipsARecordWithBadRDATAAndDecodesTheRest() throws {
        // Answer 0: A with RDLENGTH 5 (bad); answer 1: a good A record, which must still be decoded.
        let bad: [UInt8] = DNSFixtures.hostH + [0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x05, 10, 0, 0, 1, 9]
        let good: [UInt8] = DNSFixtures.hostH + [0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x78, 0x00, 0x04, 10, 0, 0, 2]
        let result = DNSMessage.decodeLax(DNSFixtures.response(answers: 2, bad + good))
        #expect(result.error?.kind == .rdataLengthMismatch && result.error?.index == 0)
        #expect(result.skippedRecords.count == 1)
        #expect(result.message.answers.count == 1)
        #expect(result.message.answers.first?.ttl == 0x78)
        // The strict decoder still stops at the first fault.
        #expect(throws: DNSError.self) { try DNSMessage(decoding: DNSFixtures.response(answers: 2, bad + good)) }
    }

    @Test func srvTargetRunningPastRDLENGTHIsMismatch() {
        // 15: SRV with RDLENGTH 8: 6 fixed bytes then a label of 3 that does not fit in the remaining 2
        let bytes = DNSFixtures.response(answers: 1, DNSFixtures.hostH + [
            0x00, 0x21, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x08, 0, 0, 0, 0, 0x1F, 0x49, 0x03, 0x61,
            // 33: bytes after RDATA, so the message itself is long enough
            0x62, 0x63, 0x00,
        ])
        let found = error(bytes)
        #expect(found?.kind == .rdataLengthMismatch && found?.offset == 32)
    }

    @Test func txtStringRunningPastRDLENGTHIsMismatch() {
        // 15: TXT with RDLENGTH 3; 25: string of length 5
        let bytes = DNSFixtures.response(answers: 1, DNSFixtures.hostH + [
            0x00, 0x10, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x03, 0x05, 0x61, 0x62,
        ])
        #expect(error(bytes) == DNSError(.rdataLengthMismatch, section: .answer, index: 0, offset: 25))
    }

    @Test func nsecWindowLongerThan32BytesIsMalformed() {
        // 15: NSEC, RDLENGTH 4; 25: next name root; 26: window 0 of length 33 (invalid)
        let bytes = DNSFixtures.response(answers: 1, DNSFixtures.hostH + [
            0x00, 0x2F, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x03, 0x00, 0x00, 0x21,
        ])
        #expect(error(bytes) == DNSError(.malformedRecordData, section: .answer, index: 0, offset: 26))
    }

    @Test func laxDecodeKeepsRecordsBeforeTheFault() {
        var bytes = DNSFixtures.castAnswer
        bytes.removeLast(2)
        let result = DNSMessage.decodeLax(bytes)
        #expect(result.message.answers.count == 1)
        #expect(result.message.additionals.count == 2)
        #expect(result.error == DNSError(.truncated, section: .additional, index: 2, offset: 168, needed: 4,
                                         available: 2))
        #expect(throws: DNSError.self) { try DNSMessage(decoding: bytes) }
    }

    @Test func forwardPointerIsDecodedAndFlagged() throws {
        let bytes: [UInt8] = [
            // 0: header — response, QD 1, AN 1
            0x00, 0x00, 0x84, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00,
            // 12: question name = pointer forward to 18; 14: type A, class IN
            0xC0, 0x12, 0x00, 0x01, 0x00, 0x01,
            // 18: answer name "h"; 21: PTR, IN, TTL 1, RDLENGTH 2; 31: pointer forward to 33
            0x01, 0x68, 0x00, 0x00, 0x0C, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x02, 0xC0, 0x21,
            // 33: trailing name "t" that the PTR points at
            0x01, 0x74, 0x00,
        ]
        let message = try DNSMessage(decoding: bytes)
        #expect(message.questions[0].name.description == "h.")
        #expect(message.answers[0].data == .ptr(DNSName("t")!))
        #expect(message.answers[0].usesForwardPointer)
        #expect(message.warnings == [
            DNSWarning(.forwardPointer, section: .question, index: 0, offset: 12),
            DNSWarning(.forwardPointer, section: .answer, index: 0, offset: 31),
            DNSWarning(.trailingBytes, section: .additional, index: nil, offset: 33),
        ])
    }
}
