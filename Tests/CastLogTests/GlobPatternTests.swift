import Testing
@testable import CastLog

@Suite struct GlobPatternTests {
    @Test func reversedSetRangesAreRejectedWithTheirOffsetAndOthersAreNot() {
        #expect(GlobPattern.validate("GCK[z-a]")?.offset == 4)
        #expect(GlobPattern.validate("GCK[!z-a]")?.offset == 5)
        #expect(GlobPattern.validate("GCK[z-a]")?.message.contains("reversed range 'z-a'") == true)
        for valid in ["GCK[a-z]", "GCK[-a]", "GCK[a-]", "GCK[]a-c]", "GCK[a]"] {
            #expect(GlobPattern.validate(valid) == nil, "\(valid)")
        }
    }

    @Test func literalMatchesOnlyItself() {
        let glob = GlobPattern("GCKCastChannel")
        #expect(glob.isLiteral)
        #expect(glob.matches("GCKCastChannel"))
        #expect(!glob.matches("GCKCastChannelX"))
        #expect(!glob.matches("gckcastchannel"))
    }

    @Test func starMatchesAnyRunIncludingNone() {
        #expect(GlobPattern("GCKUI*").matches("GCKUI"))
        #expect(GlobPattern("GCKUI*").matches("GCKUICastButton"))
        #expect(GlobPattern("GCK*Session").matches("GCKCastSession"))
        #expect(GlobPattern("GCK*Session").matches("GCKSession"))
        #expect(!GlobPattern("GCK*Session").matches("GCKSessionManager"))
        #expect(GlobPattern("*").matches(""))
        #expect(GlobPattern("*a*b*").matches("xxaYYbZZ"))
    }

    @Test func questionMarkMatchesExactlyOneCharacter() {
        #expect(GlobPattern("GCK?I").matches("GCKUI"))
        #expect(!GlobPattern("GCK?I").matches("GCKI"))
        #expect(GlobPattern("?é").matches("xé"))
    }

    @Test func setsMatchRangesAndNegation() {
        #expect(GlobPattern("GCK[UM]*").matches("GCKUICastButton"))
        #expect(GlobPattern("GCK[UM]*").matches("GCKMediaControlChannel"))
        #expect(!GlobPattern("GCK[UM]*").matches("GCKCastChannel"))
        #expect(GlobPattern("GCK[A-D]ast*").matches("GCKCastChannel"))
        #expect(!GlobPattern("GCK[!C]*").matches("GCKCastChannel"))
        #expect(GlobPattern("GCK[!C]*").matches("GCKDeviceScanner"))
    }

    @Test func unterminatedSetIsLiteralAndReportedByValidate() {
        #expect(GlobPattern("GCK[UI").matches("GCK[UI"))
        #expect(GlobPattern.validate("GCK[UI")?.offset == 3)
        #expect(GlobPattern.validate("GCK[UI]*") == nil)
    }

    @Test func literalCountIgnoresWildcardsAndSets() {
        #expect(GlobPattern("GCKUI*").literalCount == 5)
        #expect(GlobPattern("GCK*Session").literalCount == 10)
        #expect(GlobPattern("GCK?[ab]x*").literalCount == 4)
    }

    @Test func starBacktrackingIsLinearOnAdversarialInput() {
        let name = String(repeating: "a", count: 2000)
        #expect(!GlobPattern("*a*a*a*a*a*b").matches(name))
    }
}
