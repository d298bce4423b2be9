import Testing

@testable import CastJSON

/// The byte emitter writes what the tree emitter builds, serialized, including past the 64 levels its comma bits
/// cover in one word.
@Suite struct JSONByteEmitterTests {
    static func emit<Emitter: JSONEmitter & ~Copyable>(depth: Int, into out: inout Emitter) {
        for level in 0..<depth {
            if level % 2 == 0 {
                out.beginObject()
                out.key("a"); out.int(Int64(level))
                out.key("b")
            } else {
                out.beginArray()
                out.bool(level % 3 == 0)
                out.string("x\"\(level)")
            }
        }
        out.string("leaf" as StaticString)
        for level in (0..<depth).reversed() {
            if level % 2 == 0 {
                out.key("c"); out.int(-Int64(level) * 1_000_003)
                out.endObject()
            } else {
                out.string(utf8: [0x41, UInt8(truncatingIfNeeded: level)])
                out.endArray()
            }
        }
    }

    @Test(arguments: [1, 2, 63, 64, 65, 66, 130])
    func nestedValuesAreWrittenAsTheTreeSerializes(depth: Int) {
        var bytes = JSONByteEmitter()
        Self.emit(depth: depth, into: &bytes)
        var tree = JSONTreeEmitter()
        Self.emit(depth: depth, into: &tree)
        #expect(String(decoding: bytes.bytes, as: UTF8.self) == tree.result.serialized())
    }
}
