import CastNet
import CastWire
import Testing

@testable import CastSender

@Suite struct MiniControllerTests {
    static let zero = MonotonicInstant(nanoseconds: 0)

    static func playing() throws -> MiniController {
        var mini = MiniController()
        let status = try MediaStatus(jsonText: #"{"type":"MEDIA_STATUS","status":[{"mediaSessionId":1,"#
            + #""playerState":"PLAYING","currentTime":150,"supportedMediaCommands":3,"repeatMode":"REPEAT_ALL","#
            + #""media":{"contentId":"u","streamType":"BUFFERED","duration":600,"metadata":{"title":"Bunny"}}}]}"#)
        mini.update(status.status.first, at: zero)
        mini.deviceVolume = 0.5
        return mini
    }

    @Test func statusLineShowsTitleStatePositionBarVolumeAndRepeat() throws {
        let line = try Self.playing().statusLine(at: Self.zero)
        #expect(line == "Bunny  PLAYING  2:30 [#####---------------] 10:00  vol 0.50  repeat ALL")
    }

    @Test func keysMapToTheControllersCommands() throws {
        let mini = try Self.playing()
        #expect(mini.intent(forKey: " ", at: Self.zero) == .media(.pause))
        #expect(mini.intent(forKey: "\u{1B}[C", at: Self.zero) == .media(.seek(to: 160)))
        #expect(mini.intent(forKey: "h", at: Self.zero) == .media(.seek(to: 140)))
        #expect(mini.intent(forKey: "r", at: Self.zero) == .media(.setRepeatMode(.single)))
        #expect(mini.intent(forKey: "+", at: Self.zero) == .volume(0.05))
        #expect(mini.intent(forKey: "n", at: Self.zero) == nil)
        #expect(mini.intent(forKey: "q", at: Self.zero) == .quit)
        #expect(mini.intent(forKey: "x", at: Self.zero) == nil)
    }

    @Test func controlsAreDisabledWhileACommandIsInFlight() throws {
        var mini = try Self.playing()
        mini.requestStarted()
        #expect(mini.intent(forKey: " ", at: Self.zero) == nil)
        #expect(mini.statusLine(at: Self.zero).hasSuffix("…"))
        mini.requestEnded()
        #expect(mini.intent(forKey: " ", at: Self.zero) == .media(.pause))
    }

    @Test func nothingLoadedShowsPlaceholders() {
        let line = MiniController().statusLine(at: Self.zero)
        #expect(line == "(nothing loaded)  UNKNOWN  --:-- --:--  repeat OFF")
    }
}
