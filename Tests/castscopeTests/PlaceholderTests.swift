import Testing

@Suite struct castscopePlaceholderTests {
    @Test func packageBuilds() { #expect(Bool(true)) }
}
