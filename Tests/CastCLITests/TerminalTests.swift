import Testing
@testable import CastCLI

@Suite struct TerminalTests {
    @Test func columnsVariableWinsOverTheTerminal() {
        #expect(Terminal.width(columns: "123", terminalColumns: 90) == 123)
        #expect(Terminal.width(columns: nil, terminalColumns: 90) == 90)
        #expect(Terminal.width(columns: nil, terminalColumns: nil) == 80)
    }

    @Test func unusableColumnsFallBackOrAreClamped() {
        #expect(Terminal.width(columns: "wide", terminalColumns: nil) == 80)
        #expect(Terminal.width(columns: "0", terminalColumns: 100) == 100)
        #expect(Terminal.width(columns: "5", terminalColumns: nil) == 40)
        #expect(Terminal.width(columns: "99999", terminalColumns: nil) == 1_000)
    }
}
