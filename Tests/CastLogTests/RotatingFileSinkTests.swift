import CastJSON
import Foundation
import Synchronization
import CastTestSupport
import Testing
@testable import CastLog

@Suite struct RotatingFileSinkTests {
    /// This test's directories, removed when it ends.
    private let directories = TemporaryDirectories()

    private func temporaryDirectory() -> String { directories.make("log") }

    private func record(_ message: String, level: LogLevel = .info) -> LogRecord {
        LogRecord(
            timestamp: LogTimestamp(seconds: 1_764_480_520, microseconds: 123_456), level: level,
            className: "GCKCastChannel", function: "send()", file: "CastChannel/CastSocket.swift", line: 88,
            message: message)
    }

    private func lines(in path: String) -> [String] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init)
    }

    @Test func createsFileWithOwnerOnlyPermissions() throws {
        let directory = temporaryDirectory()
        let sink = try RotatingFileSink(path: directory + "/sub/castscope.log")
        sink.write(record("x"))
        sink.flush()
        let attributes = try FileManager.default.attributesOfItem(atPath: directory + "/sub/castscope.log")
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test func smallSizesAreRaisedToThirtyTwoKiBAndZeroMeansTwoMiB() throws {
        let directory = temporaryDirectory()
        #expect(try RotatingFileSink(path: directory + "/a.log", maxFileSize: 100).maxFileSize == 32 * 1024)
        #expect(try RotatingFileSink(path: directory + "/b.log", maxFileSize: 0).maxFileSize == 2 * 1024 * 1024)
        #expect(try RotatingFileSink(path: directory + "/c.log", maxFileCount: 1).maxFileCount == 2)
    }

    @Test func rotatesBySizeKeepingCountFilesAndNeverSplittingRecords() throws {
        let directory = temporaryDirectory()
        let path = directory + "/castscope.log"
        let sink = try RotatingFileSink(path: path, maxFileSize: 32 * 1024, maxFileCount: 3)
        let padding = String(repeating: "x", count: 900)
        for index in 0..<200 { sink.write(record("\(index) \(padding)")) }
        sink.flush()
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(files == ["castscope.log", "castscope.log.1", "castscope.log.2"])
        var seen: [Int] = []
        for name in ["castscope.log.2", "castscope.log.1", "castscope.log"] {
            let file = directory + "/" + name
            let size = (try FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.intValue ?? 0
            #expect(size <= 32 * 1024)
            for line in lines(in: file) {
                let value = try JSONValue(parsing: line)
                let message = try #require(value["msg"]?.stringValue)
                seen.append(Int(message.prefix { $0 != " " }) ?? -1)
            }
        }
        // The newest records survive, in order and each once.
        #expect(seen == Array((200 - seen.count)..<200))
        #expect(seen.count > 60)
    }

    @Test func eightThreadsLoggingAtOnceLoseAndInterleaveNothing() throws {
        let directory = temporaryDirectory()
        let path = directory + "/castscope.log"
        let sink = try RotatingFileSink(path: path, maxFileSize: 256 * 1024, maxFileCount: 50)
        let perThread = 2_000
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<perThread { sink.write(record("t\(thread) r\(index) \(String(repeating: "y", count: 40))")) }
        }
        sink.flush()
        var counts: [String: Int] = [:]
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
        for name in files {
            for line in lines(in: directory + "/" + name) {
                let message = try #require(try JSONValue(parsing: line)["msg"]?.stringValue)
                counts[String(message.split(separator: " ").prefix(2).joined(separator: " ")), default: 0] += 1
            }
        }
        #expect(counts.count == 8 * perThread)
        #expect(counts.values.allSatisfy { $0 == 1 })
    }

    @Test func appendsToAnExistingFile() throws {
        let directory = temporaryDirectory()
        let path = directory + "/castscope.log"
        do {
            let sink = try RotatingFileSink(path: path)
            sink.write(record("one"))
        }
        let sink = try RotatingFileSink(path: path)
        sink.write(record("two"))
        sink.flush()
        #expect(lines(in: path).count == 2)
    }

    @Test func unwritableDirectoryIsAClearError() {
        #expect(throws: LogFileError.self) {
            try RotatingFileSink(path: "/proc/castscope-no/castscope.log")
        }
    }

    @Test func sharedLoggerFileLoggingWritesJSONLinesUnderTheDirectory() throws {
        let logger = Logger()
        let directory = temporaryDirectory()
        logger.logFileDirectory = directory
        logger.maxLogFileSize = 0
        #expect(logger.maxLogFileSize == 2 * 1024 * 1024)
        logger.maxLogFileCount = 1
        #expect(logger.maxLogFileCount == 2)
        logger.fileLoggingEnabled = true
        logger.category("GCKSessionManager").info("started")
        logger.flush()
        let line = try #require(lines(in: directory + "/castscope.log").first)
        #expect(try JSONValue(parsing: line)["class"] == "GCKSessionManager")
    }
}

@Suite struct LogFileDirectoryTests {
    @Test func relativeDirectoriesAreCreatedUnderTheWorkingDirectory() throws {
        let relative = "castscope-rel-\(UUID().uuidString)/logs"
        defer { try? FileManager.default.removeItem(atPath: relative.components(separatedBy: "/")[0]) }
        #expect(FileDescriptorWriter.makeDirectories(relative) == nil)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(
            atPath: FileManager.default.currentDirectoryPath + "/" + relative, isDirectory: &isDirectory))
        #expect(isDirectory.boolValue)
        #expect(!FileManager.default.fileExists(atPath: "/" + relative))
    }
}

@Suite struct AsyncLoggerLifetimeTests {
    @Test func releasingAnAsynchronousLoggerStopsItsThread() async throws {
        var loggers: [Logger] = []
        for _ in 0..<5 {
            let logger = Logger()
            logger.addSink(RingBufferSink(capacity: 4))
            logger.delivery = .asynchronous(capacity: 8, overflow: .block)
            logger.category("A").info("hello")
            logger.flush()
            loggers.append(logger)
        }
        #expect(AsyncLogQueue.runningThreads.load(ordering: .relaxed) >= 5)
        loggers.removeAll()
        // Threads end asynchronously after shutdown; other tests may run async loggers too, so wait until fewer
        // than our five remain (bounded), rather than for zero.
        var running = AsyncLogQueue.runningThreads.load(ordering: .relaxed)
        for _ in 0..<500 where running >= 5 {
            try await Task.sleep(for: .milliseconds(10))
            running = AsyncLogQueue.runningThreads.load(ordering: .relaxed)
        }
        #expect(running < 5)
    }
}
