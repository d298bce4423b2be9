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
}
