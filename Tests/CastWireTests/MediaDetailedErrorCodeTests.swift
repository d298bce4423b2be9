import Testing

@testable import CastWire

/// Every detailed error code castscope names also says what it means and what to check.
@Suite struct MediaDetailedErrorCodeTests {
    @Test func everyNamedCodeHasAMeaningAndACheck() {
        for number in MediaDetailedErrorCode.names.keys {
            let meaning = MediaDetailedErrorCode(rawValue: number).meaning
            #expect(meaning != nil, "\(number)")
            #expect(meaning.map { !$0.meaning.isEmpty && !$0.fix.isEmpty } == true, "\(number)")
        }
        #expect(MediaDetailedErrorCode(rawValue: 104).meaning?.meaning.contains("contentType") == true)
        #expect(MediaDetailedErrorCode(rawValue: 311).meaning?.fix.contains("Access-Control-Allow-Origin") == true)
        #expect(MediaDetailedErrorCode(rawValue: 7777).meaning == nil)
    }

    @Test func aLogLineMentioningACodeIsRead() {
        let cases: [(String, Int64?)] = [
            (#"LOAD failed {"type":"LOAD_FAILED","detailedErrorCode":104}"#, 104),
            ("onError detailedErrorCode=311 reason=x", 311), ("detailedErrorCode: 905", 905),
            ("detailedErrorCode", nil), ("detailedErrorCode=abc", nil), ("no code here", nil),
            ("detailedErrorCode=12345678901234567890", nil),
        ]
        for (line, number) in cases {
            #expect(MediaDetailedErrorCode.mentioned(in: line[...])?.rawValue == number, "\(line)")
        }
    }
}
