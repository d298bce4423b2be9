import CastLog
import Foundation

extension ConnectionReporter {
    /// Decodes decrypted (or plaintext) stream bytes as Cast frames and reports the messages and verdicts.
    func application(_ bytes: [UInt8], direction: FlowDirection, state: TCPConnectionState, time: LogTimestamp) {
        state.applicationBytes[direction, default: 0] += bytes.count
        export(bytes, direction: direction, state: state)
        guard !state.notCast else { return }
        var messages: [CastMessageRecord] = []
        var findings: [Finding] = []
        let completed = state.cast.feed(bytes, direction: direction, time: time, messages: &messages,
                                        findings: &findings)
        if completed > 0, !state.isCast {
            state.isCast = true
            state.pendingCastFindings.forEach { emit(.finding($0)) }
            state.pendingCastFindings = []
        }
        if !state.isCast, findings.contains(where: { $0.code.hasPrefix("cast.") }) {
            // Decrypted bytes on another port that do not start as Cast frames (HTTPS on 443, say): a TLS
            // connection, summarised as such; Cast verdicts belong to Cast connections only.
            state.notCast = true
            state.pendingCastFindings = []
            return
        }
        if emitsCastEvents { messages.forEach { emit(.cast($0)) } } else { countUnemitted(castMessages: completed) }
        findings.forEach { emit(.finding($0)) }
    }

    private func export(_ bytes: [UInt8], direction: FlowDirection, state: TCPConnectionState) {
        guard let directory = exportDirectory else { return }
        if state.exports[direction] == nil {
            let path = directory + "/" + state.exportStem + "." + direction.rawValue
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            state.exports[direction] = FileHandle(forWritingAtPath: path)
        }
        try? state.exports[direction]?.write(contentsOf: Data(bytes))
    }
}
