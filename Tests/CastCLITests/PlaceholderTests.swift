import Testing

@Suite struct CastCLIPlaceholderTests {
    @Test func packageBuilds() { #expect(Bool(true)) }
}
