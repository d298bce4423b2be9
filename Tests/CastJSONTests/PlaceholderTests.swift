import Testing

@Suite struct CastJSONPlaceholderTests {
    @Test func packageBuilds() { #expect(Bool(true)) }
}
