import Testing

@Suite struct CastReceiverPlaceholderTests {
    @Test func moduleBuilds() { #expect(Bool(true)) }
}
