import Testing
@testable import CastJSON

@Suite struct JSONValueTests {
    @Test func parsesNestedDocumentKeepingMemberOrder() throws {
        let value = try JSONValue(parsing: #"{"z":1,"a":[true,false,null],"m":{"k":"v"},"d":-1.5e2}"#)
        #expect(value.objectValue?.keys == ["z", "a", "m", "d"])
        #expect(value["a"] == [true, false, nil])
        #expect(value["m"]?["k"]?.stringValue == "v")
        #expect(value["d"]?.doubleValue == -150)
    }

    @Test func roundTripsCompactText() throws {
        let text = #"{"type":"LOAD","requestId":7,"media":{"contentId":"http://x/a.mp4","duration":12.5},"list":[]}"#
        #expect(try JSONValue(parsing: text).serialized() == text)
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try JSONValue(parsing: #""a\"b\\c\/d\n\u00e9\ud83d\ude00""#)
        #expect(value.stringValue == "a\"b\\c/d\né😀")
    }

    @Test func loneSurrogateBecomesReplacementCharacter() throws {
        #expect(try JSONValue(parsing: #""\ud800x""#).stringValue == "\u{FFFD}x")
    }

    @Test func integersStayIntegersAndHugeOnesBecomeDoubles() throws {
        #expect(try JSONValue(parsing: "9223372036854775807") == .int(Int64.max))
        #expect(try JSONValue(parsing: "9223372036854775808") == .double(9_223_372_036_854_775_808))
        #expect(try JSONValue(parsing: "1.0").intValue == 1)
    }

    @Test func truncatedInputIsReportedAsTruncatedWithOffset() {
        #expect(throws: JSONError(.truncated, at: 9, "input ended inside the string that starts at byte 5")) {
            try JSONValue(parsing: #"{"a":"xyz"#)
        }
        #expect(throws: JSONError(.truncated, at: 6, "input ended inside a container")) {
            try JSONValue(parsing: #"{"a":1"#)
        }
    }

    @Test func malformedInputNamesTheOffendingByte() {
        #expect(throws: JSONError(.malformed, at: 5, "unexpected '}' where a value was expected")) {
            try JSONValue(parsing: #"{"a":}"#)
        }
        #expect(throws: JSONError(.malformed, at: 3, "unexpected 'x' after the value")) {
            try JSONValue(parsing: "{} x")
        }
        #expect(throws: JSONError(.malformed, at: 1, "expected a digit in number")) {
            try JSONValue(parsing: "-x")
        }
        #expect(throws: JSONError(.malformed, at: 2, "control character in string")) {
            try JSONValue(parsing: "\"a\u{01}\"")
        }
    }

    @Test func rejectsLeadingZerosAndBareFractions() {
        #expect(throws: JSONError.self) { try JSONValue(parsing: "01") }
        #expect(throws: JSONError.self) { try JSONValue(parsing: "1.") }
        #expect(throws: JSONError.self) { try JSONValue(parsing: ".5") }
        #expect(throws: JSONError.self) { try JSONValue(parsing: "1e") }
    }

    @Test func rejectsNestingBeyondLimitWithoutRecursingForever() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONError(.tooDeep, at: 256, "nesting deeper than 256 levels")) {
            try JSONValue(parsing: deep)
        }
    }

    @Test func duplicateKeyKeepsFirstPositionWithLastValue() throws {
        let value = try JSONValue(parsing: #"{"a":1,"b":2,"a":3}"#)
        #expect(value.objectValue?.keys == ["a", "b"])
        #expect(value["a"] == 3)
    }

    @Test func objectSubscriptSetNilRemovesMember() {
        var object: JSONObject = ["a": 1, "b": 2]
        object["a"] = nil
        object["b"] = "x"
        object["c"] = nil
        #expect(object.keys == ["b"])
        #expect(JSONValue.object(object).serialized() == #"{"b":"x"}"#)
    }

    @Test func quotingEscapesControlCharactersAndQuotes() {
        var out: [UInt8] = []
        JSONString.appendQuoted("a\"\\\u{01}\n/é", to: &out)
        #expect(String(decoding: out, as: UTF8.self) == #""a\"\\\u0001\n/é""#)
    }

    @Test func nonFiniteDoublesSerializeAsNull() {
        #expect(JSONValue.double(.infinity).serialized() == "null")
        #expect(JSONValue.double(2.5).serialized() == "2.5")
    }
}

@Suite struct JSONParserScalingTests {
    @Test func manyKeysParseInLinearTimeAndKeepOrder() throws {
        let members = (0..<50_000).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        let value = try JSONValue(parsing: "{" + members + #","k7":"last"}"#)
        let object = try #require(value.objectValue)
        #expect(object.count == 50_000)
        #expect(object.keys.first == "k0")
        #expect(object["k7"] == "last")
    }
}
