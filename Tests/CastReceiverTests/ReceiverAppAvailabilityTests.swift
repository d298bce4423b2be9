import CastJSON
import CastReceiver
import CastWire
import Testing

/// The emulator's GET_APP_AVAILABILITY: the apps it has (built-ins plus `--app` ones) are APP_AVAILABLE, every
/// other id APP_UNAVAILABLE; malformed or oversized questions get INVALID_REQUEST.
@Suite struct ReceiverAppAvailabilityTests {
    private func ask(_ appID: JSONValue, configuration: ReceiverConfiguration = ReceiverConfiguration()) -> JSONValue? {
        var sender = ReceiverTestSender(configuration)
        let connection = sender.open(1)
        _ = sender.send(connection, .connection, ["type": "CONNECT"])
        return sender.send(
            connection, .receiver, ["type": "GET_APP_AVAILABILITY", "appId": appID, "requestId": 7]
        ).first?.2
    }

    @Test func builtInAppsAreAvailableAndOthersAreNot() throws {
        let reply = try #require(ask(["CC1AD845", "E8C28D3C", "CA57AD01", "DEADBEEF"]))
        #expect(reply["type"] == "GET_APP_AVAILABILITY")
        #expect(reply["responseType"] == "GET_APP_AVAILABILITY")
        #expect(reply["requestId"]?.intValue == 7)
        let parsed = try AppAvailabilityResponse(json: reply)
        #expect(parsed.availability.map(\.appID) == ["CC1AD845", "E8C28D3C", "CA57AD01", "DEADBEEF"])
        #expect(
            parsed.availability.map(\.value) == ["APP_AVAILABLE", "APP_AVAILABLE", "APP_AVAILABLE", "APP_UNAVAILABLE"])
    }

    @Test func extraAppsAreAvailable() throws {
        let extra = try ReceiverAppDefinition(parsingAppSpec: "ABCD1234=urn:x-cast:com.example.echo")
        let reply = try #require(ask(["ABCD1234"], configuration: ReceiverConfiguration(extraApps: [extra])))
        #expect(reply["availability"]?["ABCD1234"] == "APP_AVAILABLE")
        #expect(ask(["ABCD1234"])?["availability"]?["ABCD1234"] == "APP_UNAVAILABLE")
    }

    @Test func singleStringIDIsAnsweredAndRepeatsOnce() throws {
        #expect(ask("CC1AD845")?["availability"] == ["CC1AD845": "APP_AVAILABLE"])
        #expect(ask(["DEADBEEF", "DEADBEEF"])?["availability"] == ["DEADBEEF": "APP_UNAVAILABLE"])
    }

    @Test func malformedOrOversizedQuestionsAreInvalidRequests() {
        let tooMany = JSONValue.array((0..<65).map { .string("APP\($0)") })
        let tooLong = JSONValue.array([.string(String(repeating: "A", count: 65))])
        for appID: JSONValue in [[], [1], ["CC1AD845", 2], tooMany, tooLong, ""] {
            let reply = ask(appID)
            #expect(reply?["type"] == "INVALID_REQUEST", "\(appID)")
            #expect(reply?["reason"] == "INVALID_PARAMS", "\(appID)")
        }
        var sender = ReceiverTestSender()
        let connection = sender.open(1)
        _ = sender.send(connection, .connection, ["type": "CONNECT"])
        let missing = sender.send(connection, .receiver, ["type": "GET_APP_AVAILABILITY", "requestId": 3]).first?.2
        #expect(missing?["type"] == "INVALID_REQUEST")
    }
}
