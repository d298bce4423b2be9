import Testing
@testable import CastWire

/// A cached string read is the plain read: the same strings, the same errors at the same offsets, and memory bounded.
@Suite struct ProtoStringCacheTests {
    /// Length-delimited fields holding `values`, in order.
    private func fields(_ values: [[UInt8]]) -> [UInt8] {
        values.flatMap { [UInt8($0.count)] + $0 }
    }

    @Test func repeatedBytesGiveTheSameStringAsAPlainRead() throws {
        let values = ["urn:x-cast:com.google.cast.media", "sender-0", "urn:x-cast:com.google.cast.media", "",
                      "Ünïcødé ☃", "sender-0", "sender-1"].map { Array($0.utf8) }
        var plain = ProtoReader(fields(values))
        var cached = ProtoReader(fields(values))
        var cache = ProtoStringCache()
        for _ in values {
            #expect(try cached.readString(cachingIn: &cache) == plain.readString())
            #expect(cached.position == plain.position)
        }
        #expect(cache.count == 4, "the empty string is not stored; repeats are not stored twice")
    }

    @Test func invalidUTF8IsMalformedAtItsBytesEvenAfterAValidStringOfTheSameLength() throws {
        var reader = ProtoReader(fields([[0x61, 0x62], [0xC3, 0x28]]))
        var cache = ProtoStringCache()
        #expect(try reader.readString(cachingIn: &cache) == "ab")
        #expect(throws: ProtobufError(.malformed(.invalidUTF8), offset: 4)) {
            try reader.readString(cachingIn: &cache)
        }
        #expect(reader.position == 3, "a failed read leaves the position where it was")
        var plain = ProtoReader(fields([[0xC3, 0x28]]))
        #expect(throws: ProtobufError(.malformed(.invalidUTF8), offset: 1)) { try plain.readString() }
        #expect(plain.position == 0)
        #expect(throws: ProtobufError(.malformed(.invalidUTF8), offset: 1)) { try plain.readUTF8() }
        #expect(plain.position == 0)
    }

    @Test func aLongStringIsReadButNotRemembered() throws {
        let long = Array(String(repeating: "x", count: ProtoStringCache.longestRemembered + 1).utf8)
        var reader = ProtoReader([0x81, 0x02] + long + [0x81, 0x02] + long)
        var cache = ProtoStringCache()
        for _ in 0..<2 { #expect(Array(try reader.readString(cachingIn: &cache).utf8) == long) }
        #expect(cache.count == 0)
    }

    @Test func aFullCacheStaysBoundedAndStillAnswersRight() throws {
        let count = ProtoStringCache.defaultCapacity + 5
        let values = (0..<count).map { Array("namespace-\($0)".utf8) }
        var reader = ProtoReader(fields(values + values))
        var cache = ProtoStringCache()
        for value in values + values {
            #expect(Array(try reader.readString(cachingIn: &cache).utf8) == value)
            #expect(cache.count <= ProtoStringCache.defaultCapacity)
        }
    }

    @Test func aCacheOfNoCapacityStoresNothing() throws {
        var reader = ProtoReader(fields([Array("abc".utf8), Array("abc".utf8)]))
        var cache = ProtoStringCache(capacity: 0)
        #expect(try reader.readString(cachingIn: &cache) == "abc")
        #expect(try reader.readString(cachingIn: &cache) == "abc")
        #expect(cache.count == 0)
    }

    @Test func framesOfOneStreamDecodeAsOnTheirOwn() throws {
        let messages = [
            CastMessage(sourceID: "sender-0", destinationID: "receiver-0",
                        namespace: "urn:x-cast:com.google.cast.tp.connection", json: "{\"type\":\"CONNECT\"}"),
            CastMessage(sourceID: "sender-0", destinationID: "receiver-0",
                        namespace: "urn:x-cast:com.google.cast.receiver", json: "{\"type\":\"GET_STATUS\"}"),
            CastMessage(sourceID: "receiver-0", destinationID: "sender-0",
                        namespace: "urn:x-cast:com.google.cast.receiver", json: "{}"),
        ]
        var stream = CastFrameStream()
        for message in messages + messages { stream.append(try CastFrameEncoder.encode(message)) }
        var decoded: [CastMessage] = []
        while let frame = try stream.nextDeferringText() { decoded.append(frame.withText) }
        #expect(decoded == messages + messages)
    }
}
