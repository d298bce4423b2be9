import CastNet
import CastSender
import CastWire
import FuzzSupport

// Hostile receiver input through the sender's pure layer: the session file parser, MEDIA_STATUS into the remote
// media client state and the media controller, RECEIVER_STATUS into a connected session state machine.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: fuzzInput(data, size), as: UTF8.self)
    if let record = SessionResumeRecord(text: text) {
        precondition(SessionResumeRecord(text: record.text) == record, "session record does not round-trip")
    }
    let now = MonotonicInstant(nanoseconds: 1_000_000_000)
    if let status = try? MediaStatus(jsonText: text) {
        var state = RemoteMediaClientState()
        _ = state.apply(status, at: now)
        _ = state.approximateStreamPosition(at: now + .seconds(3600))
        var controller = MediaController()
        controller.sessionStarted()
        controller.update(status, at: now)
        withExtendedLifetime(controller.controls(at: now + .seconds(5))) {}
    }
    if let status = try? ReceiverStatus(jsonText: text) {
        var configuration = SessionStateMachine.Configuration(appID: "CC1AD845")
        configuration.authenticate = false
        var machine = SessionStateMachine(configuration: configuration, deviceID: "fuzz")
        _ = machine.start()
        _ = machine.transportConnected()
        withExtendedLifetime(machine.receiverStatus(status) + machine.receiverStatus(status)) {}
    }
    return 0
}

fuzzMain(fuzzOneInput)
