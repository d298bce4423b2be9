import CastJSON
import CastWire
import Testing

@testable import CastInspect

/// Without mDNS and Cast message events (`--quiet`), every committed capture gives the same findings, totals,
/// connection summaries, exported streams and speaker groups as a run that makes every event: the messages' JSON text
/// is then peeked at where it was decrypted, and only the messages read in depth get a String.
@Suite struct QuietRunTests {
    /// What a connection's summary says, as comparable text.
    static func facts(_ summary: ConnectionSummary) -> String {
        let sessions = summary.mediaSessions.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let bytes = [FlowDirection.c2s, .s2c].map {
            "\(summary.bytes[$0] ?? 0)/\(summary.encryptedRecords[$0] ?? 0)/\(summary.encryptedBytes[$0] ?? 0)"
        }
        return [summary.flow, summary.kind, "\(summary.castMessages)", summary.virtualConnections.joined(separator: ","),
                summary.launches.joined(separator: ","), sessions.joined(separator: ","), "\(summary.latencies)",
                "\(summary.heartbeats)", "\(summary.heartbeatIntervals)", bytes.joined(separator: " "),
                "\(summary.duration)", "\(summary.retransmissions)", "\(summary.gaps)", "\(summary.midStream)",
                summary.deviceAuth?.text ?? "-", "\(summary.groupMembers?.map(\.name) ?? [])",
                "\(summary.session?.cipher ?? "-")"].joined(separator: " | ")
    }

    @Test func everyCaptureGivesTheSameVerdictsWithoutEvents() {
        let captures = ReporterThreadTests.captures
        #expect(captures.count >= 20)
        for (file, keys) in captures {
            let full = InspectHarness(files: [file], keyLogs: keys, lax: true)
            let quiet = InspectHarness(files: [file], keyLogs: keys, lax: true, reporterBatchItems: 5, emitsEvents: false)
            let findings: (InspectHarness) -> [String] = { run in
                run.events.compactMap { event in
                    if case .finding = event { InspectJSON.json(for: event).serialized() } else { nil }
                }
            }
            #expect(findings(quiet) == findings(full), "\(file)")
            #expect(quiet.summary == full.summary, "\(file)")
            #expect(quiet.exported == full.exported, "\(file)")
            #expect(quiet.connections.map(Self.facts) == full.connections.map(Self.facts), "\(file)")
            #expect(quiet.groups?.jsonValues.map { $0.serialized() } == full.groups?.jsonValues.map { $0.serialized() },
                    "\(file)")
            #expect(!quiet.events.contains { if case .cast = $0 { true } else if case .mdns = $0 { true } else { false } },
                    "\(file)")
        }
    }
}
