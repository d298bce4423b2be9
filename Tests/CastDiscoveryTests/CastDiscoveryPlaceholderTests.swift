import Testing

@Suite struct CastDiscoveryPlaceholderTests {
    @Test func moduleBuilds() { #expect(Bool(true)) }
}
