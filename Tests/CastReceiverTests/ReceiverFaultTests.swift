import CastReceiver
import Testing

@Suite struct ReceiverFaultTests {
    @Test func parsesEverySpecAndPrintsItBack() throws {
        let specs = [
            "heartbeat-stop-after=2s", "close-after=500ms", "reset-after=1s", "delay=250ms",
            "malformed-frame-after=3", "oversize-frame-after=0", "launch-error=CANCELLED", "load-failed=104", "media-fetch=311",
            "ignore=GET_STATUS", "tls-alert", "transfer-after=2s", "stray-replies", "leader-move-after=1500ms", "reboot-after=2s", "flap=10s/3s",
            "auth-expired-ica",
            "auth-untrusted-root", "auth-audio-only", "auth-bad-signature", "auth-sha1", "auth-revoked",
        ]
        for spec in specs {
            let fault = try ReceiverFault(parsing: spec)
            #expect(fault.description == spec)
        }
        // The list an unknown spec's error gives is exactly what parses.
        #expect(Set(specs.map { String($0.prefix { $0 != "=" }) }) == Set(ReceiverFault.knownNames))
        let unknown = #expect(throws: ReceiverFaultError.self) { try ReceiverFault(parsing: "explode") }
        #expect(unknown?.description.contains(ReceiverFault.knownNames.joined(separator: ", ")) == true)
        #expect(try ReceiverFault(parsing: "delay=1.5s") == .delay(.milliseconds(1500)))
        #expect(try ReceiverFault(parsing: "close-after=1m") == .closeAfter(.seconds(60)))
    }

    @Test func rejectsBadSpecsNamingTheSpec() {
        let bad: [(String, ReceiverFaultError.Kind)] = [
            ("explode", .unknownFault), ("delay", .missingValue), ("delay=", .missingValue),
            ("delay=soon", .invalidDuration), ("delay=-1s", .invalidDuration),
            ("malformed-frame-after=x", .invalidCount), ("tls-alert=40", .unexpectedValue),
            ("media-fetch=99", .invalidCount), ("media-fetch=x", .invalidCount), ("flap=10s", .invalidDuration),
            ("flap=0s/1s", .invalidDuration),
        ]
        for (spec, kind) in bad {
            #expect {
                try ReceiverFault(parsing: spec)
            } throws: { error in
                guard let error = error as? ReceiverFaultError else { return false }
                return error.kind == kind && error.description.contains("\"\(spec)\"")
            }
        }
    }

    @Test func appSpecGivesAnEchoAppOnItsNamespaces() throws {
        let app = try ReceiverAppDefinition(
            parsingAppSpec: "ABCD1234=urn:x-cast:com.example.a,urn:x-cast:com.example.b")
        #expect(app.appID == "ABCD1234")
        #expect(app.namespaces == ["urn:x-cast:com.example.a", "urn:x-cast:com.example.b"])
        #expect(app.behaviour == .echo)
        #expect(throws: ReceiverAppSpecError.self) { try ReceiverAppDefinition(parsingAppSpec: "X=com.example") }
        #expect(throws: ReceiverAppSpecError.self) { try ReceiverAppDefinition(parsingAppSpec: "=urn:x-cast:a") }
    }
}
