import CastNet
import CastReceiver
import CastTestSupport
import Testing

@Suite struct ReceiverDeviceScriptTests {
    @Test func randomScriptsKeepTheDeviceInvariants() {
        var generator = SeededGenerator(seed: 0xCA57)
        var produced = 0
        for _ in 0..<2000 {
            let length = Int.random(in: 0...400, using: &generator)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            produced += ReceiverDeviceScript.run(bytes)
        }
        #expect(produced > 0)
    }

    @Test func scriptedSessionReachesTheMediaPlayer() {
        // open #0; CONNECT to receiver-0; LAUNCH CC1AD845; CONNECT to its transport; LOAD; advance 2 s.
        let connect: [UInt8] = [0x80 | (0 << 2), 0, 0, 0]  // namespace connection, type CONNECT, dest receiver-0
        let launch: [UInt8] = [0x80 | (2 << 2), 4, 0, 0]  // namespace receiver, type LAUNCH, app CC1AD845
        let join: [UInt8] = [0x80 | (0 << 2), 0x8A, 0, 0]  // CONNECT (138 % 23 == 0), to the running transport
        let load: [UInt8] = [0x80 | (3 << 2), 0x92, 80, 0]  // namespace media, LOAD (146 % 23 == 8), to the transport
        let script: [UInt8] = [0x00] + connect + launch + join + load + [0x40, 100]
        // LAUNCH status, LOAD's MEDIA_STATUS, then PLAYING after buffering.
        #expect(ReceiverDeviceScript.run(script) >= 3)
    }
}
