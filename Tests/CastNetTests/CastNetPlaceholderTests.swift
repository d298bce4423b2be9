import Testing

@Suite struct CastNetPlaceholderTests {
    @Test func moduleBuilds() { #expect(Bool(true)) }
}
