// Reads a capture (pcap or pcapng), with a TLS key log when given, and prints its Cast messages and findings.
//
//     swift run InspectCapture ../captures/cast-tls13-aes128.pcap ../captures/cast-tls13-aes128.keys
import CastInspect
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard (1...2).contains(arguments.count) else {
    print("usage: InspectCapture CAPTURE [KEYLOG]")
    exit(64)
}

var options = InspectOptions()
if arguments.count == 2 {
    guard let keys = try? String(contentsOfFile: arguments[1], encoding: .utf8) else {
        print("error: cannot read \(arguments[1])")
        exit(1)
    }
    options.keyLog.add(text: keys)
}
let inspector = Inspector(options: options) { event in
    switch event {
    case .cast(let record): print("\(record.time.rfc3339) \(record.flow) \(record.message.namespace) \(record.type ?? "-")")
    case .finding(let finding): print("finding \(finding.code): \(finding.summary)")
    default: break
    }
}
if let error = CaptureRun.feed(files: [arguments[0]], into: inspector, lax: false) {
    print("error: \(error)")
}
let summary = inspector.finish()
print("\(summary.packets) packets, \(summary.castMessages) Cast messages, \(summary.findings) findings")
