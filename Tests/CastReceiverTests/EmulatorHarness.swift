import CastJSON
import CastNet
import CastReceiver
import CastTLS
import CastTestKit
import CastTestSupport
import CastWire
import Foundation

/// An in-process emulator on loopback plus a client loop, for socket-level tests; `shutdown()` stops both.
final class EmulatorHarness: @unchecked Sendable {
    let serverLoop: EventLoop
    let clientLoop: EventLoop
    let emulator: ReceiverEmulator
    let address: SocketAddress
    let clientTLS: TLSContext

    init(
        _ configuration: ReceiverConfiguration = ReceiverConfiguration(),
        customize: (inout ReceiverEmulatorOptions) -> Void = { _ in },
        client: TLSConfiguration = .client()
    ) throws {
        serverLoop = try EventLoop(name: "emulator-test")
        clientLoop = try EventLoop(name: "probe-test")
        guard let loopback = SocketAddress(parsing: "127.0.0.1:0") else { throw ReceiverProcessError("address") }
        var options = ReceiverEmulatorOptions(configuration: configuration, address: loopback)
        options.tlsKey = try TestKeys.rsa2048(named: "emulator-tls")
        // The whole test suite shares two cores: a handshake may wait its turn for a long time.
        options.handshakeTimeout = .seconds(60)
        customize(&options)
        emulator = try ReceiverEmulator(options: options, eventLoop: serverLoop)
        address = try emulator.start()
        clientTLS = try TLSContext(configuration: client)
    }

    func probe(_ senderID: String = "sender-0") async throws -> ReceiverProbe {
        try await ReceiverProbe.open(
            to: address, on: clientLoop, tls: clientTLS, senderID: senderID, timeout: .seconds(60))
    }

    /// CONNECT to receiver-0 and a GET_STATUS round trip; the reply's application list.
    func connectAndStatus(_ probe: ReceiverProbe) async -> JSONValue? {
        probe.send(CastNamespace.connection.rawValue, text: #"{"type":"CONNECT","connType":0}"#)
        return await probe.request(.receiver, ["type": "GET_STATUS"])
    }

    /// LAUNCH the Default Media Receiver and CONNECT to it; returns its transportId.
    func launchMedia(_ probe: ReceiverProbe) async -> String? {
        let reply = await probe.request(.receiver, ["type": "LAUNCH", "appId": "CC1AD845"])
        guard let transport = reply?["status"]?["applications"]?.arrayValue?.first?["transportId"]?.stringValue
        else { return nil }
        probe.send(CastNamespace.connection.rawValue, text: #"{"type":"CONNECT","connType":0}"#, to: transport)
        return transport
    }

    func shutdown() {
        let stopped = DispatchSemaphore(value: 0)
        emulator.stop { stopped.signal() }
        stopped.wait()
        clientLoop.shutdown()
        serverLoop.shutdown()
    }
}

/// A plain TCP client that writes bytes and reports when the emulator closes on it.
final class RawTCPPeer: @unchecked Sendable {
    private let lock = NSLock()
    private var closedFlag = false
    let connection: TCPConnection

    init(to address: SocketAddress, on loop: EventLoop) async throws {
        connection = try await TCPConnection.connect(to: address, on: loop)
        connection.start(
            TCPConnectionHandlers(
                onRead: { _ in }, onReadEOF: { [weak self] in self?.markClosed() }, onWritabilityChanged: { _ in },
                onClose: { [weak self] _ in self?.markClosed() }))
    }

    private func markClosed() {
        lock.lock()
        closedFlag = true
        lock.unlock()
    }

    var isClosed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return closedFlag
    }
}
