import CastJSON
import CastNet
import CastReceiver
import CastTestSupport
import CastTLS
import CastWire
import Foundation
import Testing

/// `castscope receiver` as a process: the listening line, option errors and the clean stop on SIGTERM.
@Suite(.serialized) struct ReceiverCommandTests {
    @Test func printsOneListeningLineWithTheGivenIdentity() throws {
        let receiver = try ReceiverProcess(["--id", "00112233445566778899AABBCCDDEEFF", "--name", "Living Room"])
        #expect(receiver.host == "127.0.0.1")
        #expect(receiver.port > 0)
        #expect(receiver.deviceID == "00112233445566778899aabbccddeeff")
        #expect(receiver.name == "Living Room")
        #expect(receiver.stop().status == 0)
    }

    @Test func badFaultSpecIsAUsageErrorNamingTheSpec() throws {
        let result = try CastscopeProcess.run(["receiver", "--port", "0", "--fault", "delay=soon"])
        #expect(result.exitCode == 64)
        #expect(result.standardError.contains("invalid fault \"delay=soon\""))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func badAppSpecIsAUsageError() throws {
        let result = try CastscopeProcess.run(["receiver", "--port", "0", "--app", "ABCD=com.example"])
        #expect(result.exitCode == 64)
        #expect(result.standardError.contains("invalid app \"ABCD=com.example\""))
    }

    @Test func advertiseSaysDiscoveryIsNotAvailableYet() throws {
        let result = try CastscopeProcess.run(["receiver", "--port", "0", "--advertise"])
        #expect(result.exitCode == 1)
        #expect(result.standardError.contains("--advertise is not available yet"))
    }

    @Test func sigtermSendsCloseToEverySenderAndExitsZero() async throws {
        let receiver = try ReceiverProcess()
        let loop = try EventLoop(name: "command-test")
        defer { loop.shutdown() }
        let address = try #require(SocketAddress(parsing: "\(receiver.host):\(receiver.port)"))
        let probe = try #require(await ReceiverProbe.connect(
            to: address, on: loop, tls: try TLSContext(configuration: .client())))
        let closes = Counter()
        probe.onMessage = { message in
            if message.namespace == CastNamespace.connection.rawValue, message.payloadUTF8?.contains("CLOSE") == true {
                closes.increment()
            }
        }
        probe.send(CastNamespace.connection.rawValue, text: #"{"type":"CONNECT"}"#)
        #expect(await probe.request(.receiver, ["type": "GET_STATUS"])?["type"] == "RECEIVER_STATUS")
        let (status, log) = receiver.stop()
        #expect(status == 0)
        #expect(await EmulatorHarness.eventually { closes.value == 1 }, "\(log)")
        #expect(await EmulatorHarness.eventually { await probe.isClosed() })
    }
}
