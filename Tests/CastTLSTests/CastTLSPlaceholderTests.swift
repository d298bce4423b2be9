import Testing

@Suite struct CastTLSPlaceholderTests {
    @Test func moduleBuilds() { #expect(Bool(true)) }
}
