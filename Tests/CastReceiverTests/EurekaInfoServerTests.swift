import CastDiscovery
import CastJSON
import CastNet
import CastReceiver
import CastTLS
import CastTestKit
import Synchronization
import Testing

/// The emulator's setup API (`receiver --http-port`) and the diagnosis's unicast probes against it, on loopback.
@Suite struct EurekaInfoServerTests {
    static let configuration = ReceiverConfiguration(
        name: "Kitchen TV", deviceID: "4f9e6b2ad0c14a8c9b7e35f1d2c3b4a5", model: "Chromecast Ultra")

    /// Sends `request` and returns everything the server wrote before closing.
    static func exchange(_ request: [UInt8], with address: SocketAddress, on loop: EventLoop) async -> [UInt8] {
        let received = Mutex<[UInt8]>([])
        let done = Mutex<CheckedContinuation<Void, Never>?>(nil)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            done.withLock { $0 = continuation }
            TCPConnection.connect(to: address, on: loop) { result in
                guard case .success(let connection) = result else {
                    done.withLock { $0.take() }?.resume()
                    return
                }
                connection.start(
                    TCPConnectionHandlers(
                        onRead: { bytes in received.withLock { $0.append(contentsOf: bytes) } },
                        onReadEOF: { connection.close() },
                        onClose: { _ in done.withLock { $0.take() }?.resume() }))
                connection.write(request)
            }
        }
        return received.withLock { $0 }
    }

    @Test func eurekaInfoAnswersTheAskedFieldsWithTheUUIDHyphenatedAndOtherPathsGet404() async throws {
        let loop = try EventLoop(name: "eureka-test")
        defer { loop.shutdown() }
        let server = try EurekaInfoServer(
            configuration: Self.configuration, address: SocketAddress(.loopback, port: 0), loop: loop)
        defer { server.close() }
        let address = server.localAddress
        let whole = try EurekaInfo(
            response: await Self.exchange(EurekaInfo.request(host: "127.0.0.1:\(address.port)"), with: address, on: loop))
        #expect(whole == EurekaInfo(
            status: 200, name: "Kitchen TV", uuid: "4f9e6b2a-d0c1-4a8c-9b7e-35f1d2c3b4a5", model: "Chromecast Ultra",
            buildRevision: whole.buildRevision, uptime: whole.uptime))
        #expect(whole.buildRevision != nil)
        #expect(whole.uptime.map { $0 >= 0 && $0 < 60 } == true)
        let onlyName = String(
            decoding: await Self.exchange(
                Array("GET /setup/eureka_info?params=name,nonsense HTTP/1.1\r\nHost: x\r\n\r\n".utf8), with: address,
                on: loop),
            as: UTF8.self)
        #expect(onlyName.hasSuffix(#"{"name":"Kitchen TV"}"#), "\(onlyName)")
        let missing = await Self.exchange(Array("GET /setup/reboot HTTP/1.1\r\n\r\n".utf8), with: address, on: loop)
        #expect(try EurekaInfo(response: missing).status == 404)
        let huge = await Self.exchange(
            Array("GET /setup/eureka_info HTTP/1.1\r\nX: \(String(repeating: "a", count: 9000))\r\n\r\n".utf8),
            with: address, on: loop)
        #expect(try EurekaInfo(response: huge).status == 431)
    }

    @Test func unicastProbesFindTheEmulatorOverTCPTLSAndHTTPAndEndWithinTheirBound() async throws {
        let loop = try EventLoop(name: "probe-test")
        defer { loop.shutdown() }
        var options = ReceiverEmulatorOptions(
            configuration: Self.configuration, address: SocketAddress(.loopback, port: 0),
            tlsKey: try TestKeys.rsa2048(named: "emulator-tls"))
        options.handshakeTimeout = .seconds(60)
        let emulator = try ReceiverEmulator(options: options, eventLoop: loop)
        let castAddress = try emulator.start()
        defer { emulator.stop {} }
        let server = try EurekaInfoServer(
            configuration: Self.configuration, address: SocketAddress(.loopback, port: 0), loop: loop)
        defer { server.close() }
        let context = try TLSContext(configuration: .client())
        var prober = UnicastProber(loop: loop, timeout: .seconds(30)) { address, timeout in
            do throws(ReceiverProbeError) {
                let probe = try await ReceiverProbe.open(to: address, on: loop, tls: context, timeout: timeout)
                probe.close()
                return .answered(milliseconds: 0, detail: "CN=\(probe.peerCertificateName ?? "?")")
            } catch {
                return .failed(reason: error.description)
            }
        }
        prober.castPort = castAddress.port
        prober.httpPort = server.localAddress.port
        prober.mdnsPort = 9  // discard: nothing answers, so the mDNS probe ends at its bound
        prober.timeout = .seconds(5)  // a bound, not a timing: the mDNS probe waits it out, the others answer at once
        let result = await prober.probe(.v4(.loopback))
        #expect(result.reachable)
        #expect(result.tcp.answered)
        #expect(result.tls == .answered(milliseconds: 0, detail: "CN=4f9e6b2ad0c14a8c9b7e35f1d2c3b4a5"), "\(result.tls)")
        guard case .answered(_, let detail) = result.http else {
            Issue.record("HTTP: \(result.http)")
            return
        }
        #expect(detail.contains(#"name "Kitchen TV""#) && detail.contains("model Chromecast Ultra"), "\(detail)")
        #expect(!result.mdns.answered)
        #expect(result.evidence.contains { $0.contains("HTTP \(server.localAddress.port) eureka_info answered") })
    }

    @Test func closedPortsAreReportedAsRefusedNotAnswered() async throws {
        let loop = try EventLoop(name: "probe-closed")
        defer { loop.shutdown() }
        var prober = UnicastProber(loop: loop, timeout: .seconds(1))
        prober.castPort = 1
        prober.httpPort = 1
        prober.mdnsPort = 9
        let result = await prober.probe(.v4(.loopback))
        #expect(!result.reachable)
        #expect(result.tls == .skipped)
        guard case .failed(let reason) = result.tcp else {
            Issue.record("\(result.tcp)")
            return
        }
        #expect(reason.contains("ECONNREFUSED") || reason.contains("refused"), "\(reason)")
    }
}
