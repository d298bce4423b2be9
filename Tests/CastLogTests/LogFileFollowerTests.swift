import Foundation
import Testing

@testable import CastLog

#if canImport(Glibc)
import Glibc
#endif

/// Drives `LogFileFollower` with explicit polls against real temporary files: every change is made between two
/// polls, so the expectations never depend on timing.
@Suite struct LogFileFollowerTests {
    /// A scratch directory removed when the test ends.
    private final class Scratch {
        let directory: String

        init() {
            directory = NSTemporaryDirectory() + "castscope-follow-\(UUID().uuidString)"
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(atPath: directory) }

        func path(_ name: String) -> String { directory + "/" + name }

        /// Appends `text` to the file, creating it if needed.
        func append(_ text: String, to name: String) {
            let fd = open(path(name), O_WRONLY | O_CREAT | O_APPEND, 0o600)
            precondition(fd >= 0, "cannot open the scratch file")
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
    }

    @Test func firstPollReadsTheWholeFileAndLaterPollsOnlyWhatWasAppended() {
        let scratch = Scratch()
        scratch.append("one\ntwo\n", to: "app.log")
        let follower = LogFileFollower(path: scratch.path("app.log"))
        #expect(follower.poll() == [.line("one"), .line("two")])
        #expect(follower.poll() == [])
        scratch.append("three\n", to: "app.log")
        #expect(follower.poll() == [.line("three")])
        #expect(!follower.isFinished)
    }

    @Test func partialLastLineIsHeldUntilItsNewlineArrives() {
        let scratch = Scratch()
        scratch.append("done\nhal", to: "app.log")
        let follower = LogFileFollower(path: scratch.path("app.log"))
        #expect(follower.poll() == [.line("done")])
        scratch.append("f a li", to: "app.log")
        #expect(follower.poll() == [])
        scratch.append("ne\r\nnext\n", to: "app.log")
        #expect(follower.poll() == [.line("half a line"), .line("next")])
    }

    @Test func emptyLinesAreDeliveredAsEmptyLines() {
        let scratch = Scratch()
        scratch.append("a\n\nb\n", to: "app.log")
        #expect(LogFileFollower(path: scratch.path("app.log")).poll() == [.line("a"), .line(""), .line("b")])
    }

    @Test func renameRotationReadsTheOldFileToItsEndThenTheNewFileFromItsStart() throws {
        let scratch = Scratch()
        scratch.append("first\n", to: "app.log")
        let follower = LogFileFollower(path: scratch.path("app.log"))
        #expect(follower.poll() == [.line("first")])
        // Written to the old file after the last poll, then rotated away: must not be lost.
        scratch.append("last of old\nunterminated", to: "app.log")
        try FileManager.default.moveItem(atPath: scratch.path("app.log"), toPath: scratch.path("app.log.1"))
        scratch.append("new one\n", to: "app.log")
        #expect(
            follower.poll() == [
                .line("last of old"), .line("unterminated"), .replaced, .line("new one"),
            ])
        scratch.append("new two\n", to: "app.log")
        #expect(follower.poll() == [.line("new two")])
    }

    @Test func copyTruncateIsNoticedAndTheFileIsReadAgainFromItsStart() {
        let scratch = Scratch()
        scratch.append("a long first line\nanother long line\n", to: "app.log")
        let follower = LogFileFollower(path: scratch.path("app.log"))
        #expect(follower.poll().count == 2)
        #expect(truncate(scratch.path("app.log"), 0) == 0)
        scratch.append("short\n", to: "app.log")
        #expect(follower.poll() == [.truncated, .line("short")])
        scratch.append("more\n", to: "app.log")
        #expect(follower.poll() == [.line("more")])
    }

    @Test func truncationDropsTheHeldPartialLine() {
        let scratch = Scratch()
        scratch.append("whole\nstale partial", to: "app.log")
        let follower = LogFileFollower(path: scratch.path("app.log"))
        #expect(follower.poll() == [.line("whole")])
        #expect(truncate(scratch.path("app.log"), 0) == 0)
        scratch.append("fresh\n", to: "app.log")
        #expect(follower.poll() == [.truncated, .line("fresh")])
    }

    @Test func missingFileIsReportedOnceThenReadFromItsStartWhenCreated() {
        let scratch = Scratch()
        let follower = LogFileFollower(path: scratch.path("later.log"))
        #expect(follower.poll() == [.missing])
        #expect(follower.poll() == [])
        scratch.append("hello\nworld\n", to: "later.log")
        #expect(follower.poll() == [.appeared, .line("hello"), .line("world")])
        #expect(follower.poll() == [])
    }

    @Test func deletedFileIsReportedOnceAndItsSuccessorIsFollowed() throws {
        let scratch = Scratch()
        scratch.append("before\n", to: "app.log")
        let follower = LogFileFollower(path: scratch.path("app.log"))
        #expect(follower.poll() == [.line("before")])
        try FileManager.default.removeItem(atPath: scratch.path("app.log"))
        #expect(follower.poll() == [.disappeared])
        #expect(follower.poll() == [])
        scratch.append("after\n", to: "app.log")
        #expect(follower.poll() == [.appeared, .line("after")])
    }

    @Test func renamedAwayFileIsStillReadUntilANewOneAppears() throws {
        let scratch = Scratch()
        scratch.append("one\n", to: "app.log")
        let follower = LogFileFollower(path: scratch.path("app.log"))
        #expect(follower.poll() == [.line("one")])
        try FileManager.default.moveItem(atPath: scratch.path("app.log"), toPath: scratch.path("app.log.1"))
        #expect(follower.poll() == [.disappeared])
        scratch.append("late write to the old file\n", to: "app.log.1")
        #expect(follower.poll() == [.line("late write to the old file")])
        scratch.append("new\n", to: "app.log")
        #expect(follower.poll() == [.appeared, .line("new")])
    }

    @Test func directoryFailsWithIsADirectory() {
        let scratch = Scratch()
        let follower = LogFileFollower(path: scratch.directory)
        let events = follower.poll()
        #expect(events == [.failed(LogFileError(path: scratch.directory, operation: "read", errno: EISDIR))])
        #expect("\(LogFileError(path: "/x", operation: "read", errno: EISDIR))" == "cannot read /x: Is a directory")
        #expect(follower.poll() == [])
    }

    @Test func overlongLineIsReportedAndSkippedWithoutBeingKept() {
        let scratch = Scratch()
        scratch.append(String(repeating: "x", count: 40) + "\nok\n", to: "app.log")
        let follower = LogFileFollower(path: scratch.path("app.log"), maximumLineLength: 16)
        #expect(follower.poll() == [.overlongLine(byteCount: 40), .line("ok")])
    }

    @Test func overlongLineSpreadOverPollsIsReportedOnceAndTheRestSkipped() {
        let scratch = Scratch()
        scratch.append(String(repeating: "y", count: 20), to: "app.log")
        let follower = LogFileFollower(path: scratch.path("app.log"), maximumLineLength: 16)
        #expect(follower.poll() == [.overlongLine(byteCount: 20)])
        scratch.append(String(repeating: "y", count: 100), to: "app.log")
        #expect(follower.poll() == [])
        scratch.append("yyy\nok\n", to: "app.log")
        #expect(follower.poll() == [.line("ok")])
    }

    @Test func lineOfExactlyTheMaximumLengthIsDelivered() {
        let scratch = Scratch()
        let line = String(repeating: "z", count: 16)
        scratch.append(line + "\n", to: "app.log")
        #expect(LogFileFollower(path: scratch.path("app.log"), maximumLineLength: 16).poll() == [.line(line)])
    }

    @Test func linesLongerThanOneReadBufferArriveWhole() {
        let scratch = Scratch()
        let long = String(repeating: "0123456789", count: 20_000)
        scratch.append(long + "\nend\n", to: "app.log")
        #expect(LogFileFollower(path: scratch.path("app.log")).poll() == [.line(long), .line("end")])
    }

    @Test func streamDeliversWhatIsAvailableThenEndsWithItsPartialLine() {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let follower = LogFileFollower(streamDescriptor: fds[0], name: "pipe", waitingForEnd: false)
        #expect(follower.poll() == [])
        _ = Array("a\nb".utf8).withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        #expect(follower.poll() == [.line("a")])
        close(fds[1])
        #expect(follower.poll() == [.line("b"), .endOfStream])
        #expect(follower.isFinished)
        #expect(follower.poll() == [])
    }

    @Test func streamWaitingForItsEndReadsEverything() {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        _ = Array("x\ny\n".utf8).withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        let follower = LogFileFollower(streamDescriptor: fds[0], waitingForEnd: true)
        #expect(follower.poll() == [.line("x"), .line("y"), .endOfStream])
    }
}
