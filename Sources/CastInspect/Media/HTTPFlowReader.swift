import CastWire
import Foundation

/// Reads the message heads of a plain-HTTP/1.x connection in both directions, skipping bodies by their
/// Content-Length (and the bodyless answers: to HEAD, 1xx, 204, 304), so keep-alive connections show every
/// request and response. A direction stops at what it cannot frame (a chunked or unsized body, a gap, a broken
/// head); what was read stays. Bounded: a head is at most `HTTPHead.maximumLength`, at most `maximumHeads` heads.
struct HTTPFlowReader {
    static let maximumHeads = 256

    private var pending = PerDirection<[UInt8]>([])
    private var bodyLeft = PerDirection(0)
    private var stopped: Set<FlowDirection> = []
    /// The methods of requests not answered yet, oldest first (an answer to HEAD has no body).
    private var methods: [String] = []
    private var heads = 0

    /// The heads that `bytes` complete.
    mutating func feed(_ bytes: ArraySlice<UInt8>, direction: FlowDirection) -> [HTTPHead] {
        var found: [HTTPHead] = []
        var rest = bytes
        while !rest.isEmpty, !stopped.contains(direction) {
            if bodyLeft[direction] > 0 {
                let skipped = min(bodyLeft[direction], rest.count)
                bodyLeft[direction] -= skipped
                rest = rest.dropFirst(skipped)
                continue
            }
            pending[direction] += rest
            rest = []
            do {
                let head = try HTTPHead(parsing: pending[direction])
                found.append(head)
                heads += 1
                rest = pending[direction].dropFirst(head.length)
                pending[direction] = []
                guard heads < Self.maximumHeads, let length = bodyLength(head) else {
                    stopped.insert(direction)
                    break
                }
                bodyLeft[direction] = length
            } catch {
                if !error.isIncomplete { stopped.insert(direction) }
            }
        }
        return found
    }

    /// Bytes were lost: this direction cannot be framed any more.
    mutating func gap(direction: FlowDirection) {
        stopped.insert(direction)
    }

    /// The body's length after `head`, nil when it cannot be told without reading it (chunked, or to the close).
    private mutating func bodyLength(_ head: HTTPHead) -> Int? {
        let length = head["Content-Length"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let chunked = head["Transfer-Encoding"]?.lowercased().contains("chunked") == true
        switch head.startLine {
        case .request(let method, _, _):
            if methods.count < Self.maximumHeads { methods.append(method.uppercased()) }
            return chunked ? nil : max(0, length ?? 0)
        case .response(_, let status, _):
            let method = (100..<200).contains(status) ? nil : (methods.isEmpty ? nil : methods.removeFirst())
            if method == "HEAD" || (100..<200).contains(status) || status == 204 || status == 304 { return 0 }
            return chunked ? nil : length.map { max(0, $0) }
        }
    }
}
