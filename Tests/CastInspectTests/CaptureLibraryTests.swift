import CastJSON
import CastTestSupport
import CastWire
import Foundation
import Testing

@testable import CastInspect

/// The captures/ library (scripts/record-captures-library, described in captures/README.md): for every
/// `NAME.expected.json` the inspector must report exactly those findings on `NAME.pcapng` — a finding appearing or
/// vanishing fails with the difference — and on the TLS captures every decrypted byte and Cast message must be what
/// tshark decrypts from the same file and key log.
@Suite struct CaptureLibraryTests {
    static let directory = PcapBuilder.capturesDirectory

    /// Every capture of the library: the names with an `expected.json`.
    static let library: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasSuffix(".expected.json") }.map { String($0.dropLast(".expected.json".count)) }
            .sorted()
    }()

    /// The library captures carrying TLS (those with a key log).
    static let tlsCaptures = library.filter { FileManager.default.fileExists(atPath: "\(directory)/\($0).keys") }

    /// Findings as `code severity` strings, one per finding (a multiset kept as a sorted array).
    static func expectedFindings(_ name: String) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(name).expected.json"))
        let json = try JSONValue(parsing: [UInt8](data))
        let findings = try #require(json["findings"]?.arrayValue, "\(name).expected.json has no findings array")
        return try findings.map { finding in
            let code = try #require(finding["code"]?.stringValue, "\(name): finding without code")
            let severity = try #require(finding["severity"]?.stringValue, "\(name): finding without severity")
            return "\(code) \(severity)"
        }.sorted()
    }

    static func run(_ name: String) -> InspectHarness {
        let keys = "\(directory)/\(name).keys"
        return InspectHarness(
            files: ["\(directory)/\(name).pcapng"],
            keyLogs: FileManager.default.fileExists(atPath: keys) ? [keys] : [])
    }

    @Test func libraryHoldsEveryScenario() {
        let scenarios = [
            "discovery-healthy", "discovery-firewall", "discovery-ptr-only", "discovery-bad-txt-id",
            "session-tls13", "session-tls12", "heartbeat-reconnect", "launch-error", "load-failed",
            "request-unanswered", "malformed-frame", "group-leader-moved", "zone-instances",
        ]
        #expect(
            Set(scenarios).subtracting(Self.library).isEmpty, "missing: \(Set(scenarios).subtracting(Self.library))")
        #expect(Set(Self.tlsCaptures)
                == Set(scenarios.filter { !$0.hasPrefix("discovery-") && !$0.hasPrefix("zone-") }))
    }

    @Test(arguments: library)
    func inspectorReportsExactlyTheExpectedFindings(name: String) throws {
        let expected = try Self.expectedFindings(name)
        let run = Self.run(name)
        #expect(run.error == nil, "\(name): \(String(describing: run.error))")
        let found = run.events.compactMap { event -> Finding? in
            if case .finding(let finding) = event { finding } else { nil }
        }
        let actual = found.map { "\($0.code) \($0.severity.rawValue)" }.sorted()
        var missing = expected
        var unexpected: [String] = []
        for finding in actual {
            if let index = missing.firstIndex(of: finding) {
                missing.remove(at: index)
            } else {
                unexpected.append(finding)
            }
        }
        let unexpectedDetail = found.filter { unexpected.contains("\($0.code) \($0.severity.rawValue)") }
            .map { "\($0.severity.rawValue) \($0.code): \($0.summary)" }
        #expect(
            missing.isEmpty && unexpected.isEmpty,
            """
            \(name): findings differ from \(name).expected.json
              expected but not reported: \(missing)
              reported but not expected: \(unexpectedDetail)
            """)
    }

    @Test(arguments: tlsCaptures)
    func decryptedCastMessagesMatchTsharksDissection(name: String) async throws {
        guard let tshark = try await Self.tsharkStreams(name) else { return }
        let run = Self.run(name)
        #expect(run.summary.undecryptedRecords == 0, "\(name)")
        #expect(!tshark.isEmpty, "\(name): tshark decrypted nothing")
        let ours = run.exportedConnections
        #expect(Set(ours.keys) == Set(tshark.keys), "\(name): connections (client ports)")
        var messages: [String: [FlowDirection: [CastMessage]]] = [:]
        for event in run.events {
            guard case .cast(let record) = event else { continue }
            let client = record.flow.split(separator: "-").first?.split(separator: ":").last.map(String.init) ?? ""
            messages[client, default: [:]][record.direction, default: []].append(record.message)
        }
        for (client, streams) in tshark {
            #expect(ours[client]?.c2s == streams.c2s, "\(name) \(client) c2s bytes")
            #expect(ours[client]?.s2c == streams.s2c, "\(name) \(client) s2c bytes")
            for (direction, bytes) in [(FlowDirection.c2s, streams.c2s), (.s2c, streams.s2c)] {
                // tshark has no Cast dissector: its decrypted bytes are cut into frames here, up to any fault.
                let (theirs, faulted) = Self.frames(bytes)
                let inspected = messages[client]?[direction] ?? []
                #expect(!theirs.isEmpty || bytes.isEmpty, "\(name) \(client) \(direction.rawValue)")
                #expect(
                    Array(inspected.prefix(theirs.count)) == theirs,
                    "\(name) \(client) \(direction.rawValue): messages differ from tshark's bytes")
                if !faulted { #expect(inspected.count == theirs.count, "\(name) \(client) \(direction.rawValue)") }
            }
        }
    }

    @Test func libraryStaysUnderFiveMegabytes() throws {
        var total = 0
        for name in Self.library {
            for suffix in [".pcapng", ".keys", ".expected.json"] {
                let path = "\(Self.directory)/\(name)\(suffix)"
                let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
                total += size ?? 0
            }
        }
        #expect(total > 0)
        #expect(total < 5_000_000, "the captures/ library is \(total) bytes")
    }

    /// The Cast messages in one direction's decrypted bytes; `faulted` when a frame did not decode.
    static func frames(_ bytes: [UInt8]) -> (messages: [CastMessage], faulted: Bool) {
        var stream = CastFrameStream()
        stream.append(bytes)
        var messages: [CastMessage] = []
        while true {
            do throws(FramingError) {
                guard let message = try stream.next() else { return (messages, false) }
                messages.append(message)
            } catch {
                return (messages, true)
            }
        }
    }

    /// tshark's decrypted records of `NAME.pcapng` per connection; nil (with an issue under CASTSCOPE_REQUIRE_PEERS=1,
    /// a printed reason otherwise) when tshark is missing.
    static func tsharkStreams(_ name: String) async throws -> [String: (c2s: [UInt8], s2c: [UInt8])]? {
        guard
            let tshark = ["/usr/bin/tshark", "/usr/local/bin/tshark"].first(where: FileManager.default.isExecutableFile)
        else {
            if ProcessInfo.processInfo.environment["CASTSCOPE_REQUIRE_PEERS"] == "1" {
                Issue.record("CASTSCOPE_REQUIRE_PEERS=1 but tshark is not installed")
            } else {
                print("CaptureLibraryTests: tshark not installed; decryption cross-check skipped")
            }
            return nil
        }
        // The server ports, from tshark's own reading of the SYNs (a group listens on a port other than 8009).
        let syns = await SpawnedProcess.run(
            tshark, ["-r", "\(directory)/\(name).pcapng", "-Y", "tcp.flags.syn==1 && tcp.flags.ack==0",
                     "-T", "fields", "-e", "tcp.dstport"], timeout: 60)
        let servers = Set(syns.output.split(separator: "\n").map(String.init)).union(["8009"])
        let result = await SpawnedProcess.run(
            tshark,
            [
                "-r", "\(directory)/\(name).pcapng", "-o", "tls.keylog_file:\(directory)/\(name).keys",
            ] + servers.sorted().flatMap { ["-d", "tcp.port==\($0),tls"] } + [
                "--disable-protocol", "rdpmt", "-Y", "data",
                "-T", "fields", "-e", "tcp.srcport", "-e", "tcp.dstport", "-e", "data.data",
            ], timeout: 60)
        try #require(result.status == 0, "tshark failed: \(result.errors)")
        // Several records in one packet come as comma-separated values, in stream order.
        return InspectHarness.tsharkConnections(
            result.output.replacingOccurrences(of: ",", with: ""), serverPorts: servers)
    }
}
