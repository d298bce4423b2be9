import Testing

@Suite struct CastLogPlaceholderTests {
    @Test func packageBuilds() { #expect(Bool(true)) }
}
