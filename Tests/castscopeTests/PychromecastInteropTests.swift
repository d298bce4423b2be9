import CastTestSupport
import Foundation
import Testing

/// The emulator proven against a real client: pychromecast 14 over loopback TLS (scripts/pychromecast-drive.py).
@Suite(.serialized) struct PychromecastInteropTests {
    static var script: String { PythonPeer.repositoryRoot + "/scripts/pychromecast-drive.py" }

    @Test func pychromecastLaunchesLoadsControlsAndQuits() async throws {
        guard await PythonPeer.pychromecastAvailable() else { return }
        let receiver = try await ReceiverProcess.start(["--name", "Interop Room"])
        let run = await PythonPeer.run(
            [Self.script, "session", receiver.host, String(receiver.port), receiver.deviceID, receiver.name],
            timeout: 90)
        let (status, log) = await receiver.stopped()
        #expect(run.status == 0, "pychromecast session failed:\n\(run.output)\nemulator log:\n\(log.suffix(4000))")
        for step in [
            "connect", "idle-app", "launch", "playing", "media-status", "pause", "seek", "volume", "mute",
            "media-status-read", "quit", "disconnect",
        ] {
            #expect(run.output.contains("ok \(step)\n"), "missing step \(step)")
        }
        #expect(status == 0)
        #expect(receiver.name == "Interop Room")
    }

    @Test func pychromecastDetectsTheDeadConnectionWhenHeartbeatStops() async throws {
        guard await PythonPeer.pychromecastAvailable() else { return }
        let receiver = try await ReceiverProcess.start(["--fault", "heartbeat-stop-after=1s"])
        let run = await PythonPeer.run(
            [Self.script, "heartbeat", receiver.host, String(receiver.port), receiver.deviceID, receiver.name],
            timeout: 60)
        let (_, log) = await receiver.stopped()
        #expect(run.output.contains("ok heartbeat-lost\n"), "\(run.output)\nemulator log:\n\(log.suffix(4000))")
        #expect(log.contains("heartbeat-stop-after"))
    }

    @Test func pychromecastTalksToACustomNamespaceApp() async throws {
        guard await PythonPeer.pychromecastAvailable() else { return }
        let receiver = try await ReceiverProcess.start(["--app", "ECHO1234=urn:x-cast:com.example.echo"])
        let run = await PythonPeer.run(
            [Self.script, "custom", receiver.host, String(receiver.port), receiver.deviceID, receiver.name],
            timeout: 60)
        let (_, log) = await receiver.stopped()
        #expect(run.status == 0, "\(run.output)\nemulator log:\n\(log.suffix(4000))")
        for step in ["launch-custom", "echo", "quit-custom"] {
            #expect(run.output.contains("ok \(step)\n"), "missing step \(step)")
        }
    }
}
