import Testing

@Suite struct CastChannelPlaceholderTests {
    @Test func moduleBuilds() { #expect(Bool(true)) }
}
