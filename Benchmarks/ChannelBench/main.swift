// ChannelBench: one castscope receiver stack on 127.0.0.1; castscope's sender channel and pychromecast's channel
// code measured against it in the same run. Run with scripts/bench-channel (from the repository root).
import CastChannel
import CastLog
import CastNet
import CastTLS
import CastWire
import Foundation

let roundTrips = Int(ProcessInfo.processInfo.environment["CHANNELBENCH_ROUND_TRIPS"] ?? "") ?? 5_000

func require<T>(_ value: T?, _ what: String) -> T {
    guard let value else {
        FileHandle.standardError.write(Data("ChannelBench: \(what) failed\n".utf8))
        exit(1)
    }
    return value
}

let receiverLoop = require(try? EventLoop(name: "BenchReceiver"), "receiver loop")
let senderLoop = require(try? EventLoop(name: "BenchSender"), "sender loop")
let certificate = require(
    try? DeviceCertificate.generateSelfSigned(commonName: "channelbench", keyType: .rsa2048), "certificate")
let serverContext = require(try? TLSContext(configuration: .server(certificate: certificate)), "server context")
let clientContext = require(try? TLSContext(configuration: .client()), "client context")
let receiver = BenchReceiver(loop: receiverLoop, context: serverContext)
let listener = require(
    try? TCPListener.bind(to: SocketAddress(.loopback, port: 0), on: receiverLoop) { receiver.accept($0) }, "listen")
let address = listener.localAddress

func seconds(_ body: () -> Void) -> Double {
    let start = ContinuousClock.now
    body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

// TLS connect + CONNECT + GET_STATUS → RECEIVER_STATUS, median of 20 fresh connections.
var connectTimes: [Double] = []
for _ in 0..<20 {
    let sender = BenchSender(loop: senderLoop, context: clientContext)
    connectTimes.append(seconds { sender.connectAndGetStatus(address) } * 1000)
    sender.close()
}
let connectMilliseconds = connectTimes.sorted()[connectTimes.count / 2]

let sender = BenchSender(loop: senderLoop, context: clientContext)
sender.connectAndGetStatus(address)
func bestOfThree(_ request: @escaping @Sendable (Int64) -> CastMessage, reply: String) -> Double {
    (0..<3).map { _ in Double(roundTrips) / seconds { sender.roundTrips(roundTrips, request: request, replyType: reply) } }
        .max() ?? 0
}
let pingRate = bestOfThree(
    { id in
        CastMessage(
            sourceID: "sender-0", destinationID: "receiver-0", namespace: CastNamespace.heartbeat.rawValue,
            json: #"{"type":"PING","requestId":\#(id)}"#)
    }, reply: "PONG")
let statusRate = bestOfThree(
    { id in
        CastMessage(
            sourceID: "sender-0", destinationID: "receiver-0", namespace: CastNamespace.receiver.rawValue,
            json: #"{"type":"GET_STATUS","requestId":\#(id)}"#)
    }, reply: "RECEIVER_STATUS")
sender.close()

print("castscope: connect+CONNECT+GET_STATUS \(String(format: "%.2f", connectMilliseconds)) ms (median of 20)")
print("castscope: PING->PONG \(Int(pingRate)) round trips/s, GET_STATUS->RECEIVER_STATUS \(Int(statusRate)) round trips/s (\(roundTrips) serial round trips, best of 3)")

if let python = PythonChannelBenchmark.run(address: address, roundTrips: roundTrips) {
    print("pychromecast: connect+CONNECT+GET_STATUS \(String(format: "%.2f", python.connectMilliseconds)) ms (median of 20)")
    print("pychromecast: PING->PONG \(Int(python.pingRoundTripsPerSecond)) round trips/s, GET_STATUS->RECEIVER_STATUS \(Int(python.statusRoundTripsPerSecond)) round trips/s")
    print(String(format: "ratio connect_ms castscope/pychromecast = %.3f", connectMilliseconds / python.connectMilliseconds))
    print(String(format: "ratio ping_pong_round_trips_per_s castscope/pychromecast = %.3f", pingRate / python.pingRoundTripsPerSecond))
    print(String(format: "ratio status_round_trips_per_s castscope/pychromecast = %.3f", statusRate / python.statusRoundTripsPerSecond))
}
listener.close()
receiverLoop.shutdown()
senderLoop.shutdown()
