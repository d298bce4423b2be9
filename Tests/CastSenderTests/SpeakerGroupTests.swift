import CastDiscovery
import CastJSON
import CastNet
import CastReceiver
import CastTestKit
import CastTestSupport
import CastWire
import Synchronization
import Testing

@testable import CastSender

/// A `ReceiverGroup` on loopback against the sender: members over the multizone namespace, member volumes both
/// ways, and a session that follows the group when its leader moves.
@Suite(.serialized) struct SpeakerGroupTests {
    static let groupID = "6a7b8c9d0e1f20314253647586970a1b"
    static let kitchenID = "0a1b2c3d4e5f60718293a4b5c6d7e8f9"
    static let officeID = "ffeeddccbbaa99887766554433221100"

    /// The group's emulators and a sender context, both on their own loops.
    final class Fixture: @unchecked Sendable {
        let serverLoop: EventLoop
        let clientLoop: EventLoop
        let group: ReceiverGroup
        let context: CastContext
        let platform: CastPlatformClient
        var addresses: (members: [SocketAddress], group: SocketAddress)

        init(faults: [ReceiverFault] = []) async throws {
            serverLoop = try EventLoop(name: "group-emulators")
            clientLoop = try EventLoop(name: "group-sender")
            guard let loopback = SocketAddress(parsing: "127.0.0.1:0") else { throw HarnessError("loopback") }
            var base = ReceiverEmulatorOptions(
                configuration: ReceiverConfiguration(faults: faults), address: loopback,
                tlsKey: try TestKeys.rsa2048(named: "emulator-tls"))
            base.handshakeTimeout = .seconds(30)
            let members = [
                ReceiverGroupMember(name: "Kitchen", deviceID: SpeakerGroupTests.kitchenID, address: loopback),
                ReceiverGroupMember(name: "Office", deviceID: SpeakerGroupTests.officeID, address: loopback),
            ]
            group = try ReceiverGroup(
                options: ReceiverGroupOptions(name: "Downstairs", deviceID: SpeakerGroupTests.groupID,
                                              members: members, base: base),
                eventLoop: serverLoop)
            addresses = try await group.start()
            var options = CastOptions(discoveryCriteria: DiscoveryCriteria(applicationIDs: ["CC1AD845"]))
            options.deviceAuthentication = false
            options.requestTimeout = .seconds(5)
            context = try CastContext(options: options, eventLoop: clientLoop)
            platform = try CastPlatformClient(options: options, eventLoop: clientLoop)
        }

        func device(_ name: String, id: String, at address: SocketAddress) -> Device {
            Device(instanceName: "\(name)._googlecast._tcp.local.", instanceLabel: name, host: "\(name).local",
                   port: address.port, addresses: [address.ip],
                   txt: [Array("id=\(id)".utf8), Array("fn=\(name)".utf8), Array("ca=2084".utf8)],
                   interfaceIndex: 1, via: .builtin)
        }

        var groupDevice: Device { device("Downstairs", id: SpeakerGroupTests.groupID, at: addresses.group) }
        var kitchen: Device { device("Kitchen", id: SpeakerGroupTests.kitchenID, at: addresses.members[0]) }

        func shutdown() async {
            await context.endSession(stopCasting: false)
            await group.stop()
            clientLoop.shutdown()
            serverLoop.shutdown()
        }
    }

    @Test func aGroupListsItsMembersAndAMemberItsGroup() async throws {
        let fixture = try await Fixture()
        let group = await fixture.platform.multizone(of: fixture.groupDevice)
        #expect(group.failure == nil)
        let members = group.status?.status.devices ?? []
        #expect(members.map(\.name) == ["Kitchen", "Office"])
        #expect(members.first?.matches(Self.kitchenID) == true)
        #expect(members.first?.deviceID.contains("-") == true, "member ids go out hyphenated, as speakers send them")
        let member = await fixture.platform.multizone(of: fixture.kitchen)
        #expect(member.status?.status.devices.isEmpty == true)
        #expect(member.castingGroups?.map(\.name) == ["Downstairs"])
        await fixture.shutdown()
    }

    @Test func memberVolumeSetOnTheGroupReachesTheMemberAndBack() async throws {
        let fixture = try await Fixture()
        let watcher = MultizoneRecorder()
        let session = try await fixture.context.startSession(with: fixture.groupDevice).get()
        await fixture.context.withSessionManager { _ in session.add(deviceStatusListener: watcher) }
        #expect(await fixture.context.perform { _ in session.requestMultizoneStatus() } == .completed)
        #expect(await fixture.context.withSessionManager { _ in session.multizoneDevices?.count } == 2)
        #expect(watcher.lines.first == "status Kitchen,Office")

        let kitchenHyphenated = MultizoneDevice.hyphenated(Self.kitchenID)
        let set = await fixture.context.perform { _ in session.setDeviceVolume(0.3, forMultizoneDevice: kitchenHyphenated) }
        #expect(set == .completed)
        #expect(watcher.lines.contains("updated Kitchen 0.3"))
        // The member itself now reports that level on the receiver namespace.
        let status = PlatformQuestion(namespace: .receiver, payload: ["type": "GET_STATUS"], replyTypes: [.receiverStatus])
        #expect(await eventually(within: .seconds(10)) {
            let answers = await fixture.platform.ask(fixture.kitchen, [status])
            return answers.replies.first??["status"]?["volume"]?["level"] == 0.3
        })
        // And a change made on the member shows in the group as DEVICE_UPDATED.
        let setOnMember = PlatformQuestion(
            namespace: .receiver, payload: ["type": "SET_VOLUME", "volume": ["level": 0.6]], replyTypes: [.receiverStatus])
        _ = await fixture.platform.ask(fixture.kitchen, [setOnMember])
        #expect(await eventually(within: .seconds(10)) { watcher.lines.contains("updated Kitchen 0.6") }, "\(watcher.lines)")
        await fixture.shutdown()
    }

    @Test func theSessionFollowsTheGroupWhenItsLeaderMoves() async throws {
        let fixture = try await Fixture()
        let current = Mutex<Device?>(fixture.groupDevice)
        await fixture.context.withSessionManager { manager in
            // What a discovery list does: the group's instance, wherever it is announced now.
            manager.deviceLookup = { id in current.withLock { $0?.deviceID == id ? $0 : nil } }
        }
        let recorder = CallbackRecorder()
        await fixture.context.withSessionManager { $0.add(recorder) }
        let session = try await fixture.context.startSession(with: fixture.groupDevice).get()
        let loaded = await fixture.context.perform { _ in session.remoteMediaClient.loadMedia(SenderEmulatorTests.bunnyLoad()) }
        #expect(loaded == .completed)
        let before = await fixture.context.withSessionManager { _ in session.sessionID }

        let oldPort = fixture.addresses.group.port
        current.withLock { $0 = nil }  // the goodbye: the instance is gone until announced again
        let moved = try await fixture.group.moveLeader()
        #expect(moved.port != oldPort)
        fixture.addresses.group = moved
        current.withLock { $0 = fixture.groupDevice }

        #expect(await eventually(within: .seconds(20)) { recorder.events.contains("didResume") }, "\(recorder.events)")
        #expect(recorder.events.contains { $0.hasPrefix("didSuspend") })
        #expect(!recorder.events.contains { $0.hasPrefix("didEnd") })
        let (port, sessionID) = await fixture.context.withSessionManager { _ in
            (session.device.servicePort, session.sessionID)
        }
        #expect(port == moved.port)
        #expect(sessionID == before, "the group's session outlives its leader")
        #expect(await fixture.group.leaderIndex == 1)
        let paused = await fixture.context.perform { _ in session.remoteMediaClient.pause() }
        #expect(paused == .completed)
        await fixture.shutdown()
    }
}

extension SpeakerGroupTests {
    @Test func movesAskedTogetherRunOneAfterTheOther() async throws {
        let fixture = try await Fixture()
        let start = fixture.addresses.group
        async let first = fixture.group.moveLeader()
        async let second = fixture.group.moveLeader()
        let (a, b) = try await (first, second)
        #expect(Set([a.port, b.port, start.port]).count == 3, "each move takes a port of its own")
        #expect(await fixture.group.leaderIndex == 0, "two moves among two members come back to the first")
        // Only the current group device still listens: the one in between was stopped.
        let current = try #require(await fixture.group.groupAddress)
        let answers = await fixture.platform.multizone(of: fixture.device("Downstairs", id: Self.groupID, at: current))
        #expect(answers.status?.status.devices.count == 2)
        for stale in [start, a, b] where stale != current {
            let gone = await fixture.platform.multizone(of: fixture.device("Downstairs", id: Self.groupID, at: stale))
            #expect(gone.status == nil, "\(stale) still answers")
        }
        await fixture.shutdown()
    }

    @Test func stopDuringAMoveLeavesNothingListening() async throws {
        let fixture = try await Fixture()
        let move = Task { try await fixture.group.moveLeader() }
        await fixture.group.stop()
        let moved = try? await move.value
        for address in [fixture.addresses.group, moved].compactMap({ $0 }) {
            let answer = await fixture.platform.multizone(of: fixture.device("Downstairs", id: Self.groupID, at: address))
            #expect(answer.status == nil, "\(address) still answers after stop")
        }
        fixture.clientLoop.shutdown()
        fixture.serverLoop.shutdown()
    }
}

/// Device-status callbacks as lines (sender loop), read from the test.
final class MultizoneRecorder: CastDeviceStatusListener, @unchecked Sendable {
    private let recorded = Mutex<[String]>([])
    var lines: [String] { recorded.withLock { $0 } }

    func castSession(_ session: CastSession, didReceiveMultizoneStatus status: MultizoneStatus.Status) {
        recorded.withLock { $0.append("status " + status.devices.compactMap(\.name).joined(separator: ",")) }
    }

    func castSession(_ session: CastSession, didUpdateMultizoneDevice device: MultizoneDevice) {
        recorded.withLock { $0.append("updated \(device.name ?? device.deviceID) \(device.volume?.level ?? -1)") }
    }
}
