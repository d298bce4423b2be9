import Testing

@Suite struct CastInspectPlaceholderTests {
    @Test func moduleBuilds() { #expect(Bool(true)) }
}
