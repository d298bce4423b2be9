import Testing

@Suite struct CastSenderPlaceholderTests {
    @Test func moduleBuilds() { #expect(Bool(true)) }
}
