@testable import CastInspect
import CastWire
import Testing

/// A keep-alive HTTP connection read head by head, bodies skipped by their length, in any split of the bytes.
@Suite struct HTTPFlowReaderTests {
    static let requests = "HEAD /a.mp4 HTTP/1.1\r\nHost: h\r\n\r\nGET /a.mp4 HTTP/1.1\r\nHost: h\r\nRange: bytes=0-9\r\n\r\n"
        + "GET /b.mp4 HTTP/1.1\r\nHost: h\r\n\r\n"
    static let responses = "HTTP/1.1 200 OK\r\nContent-Length: 500\r\n\r\n"
        + "HTTP/1.1 206 Partial Content\r\nContent-Length: 10\r\n\r\n0123456789"
        + "HTTP/1.1 404 Not Found\r\nContent-Length: 5\r\n\r\nnope!"

    private func read(split: Int) -> (requests: [String], statuses: [Int]) {
        var reader = HTTPFlowReader()
        var requests: [String] = []
        var statuses: [Int] = []
        for (text, direction) in [(Self.requests, FlowDirection.c2s), (Self.responses, .s2c)] {
            let bytes = Array(text.utf8)
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + split)
                for head in reader.feed(bytes[start..<end], direction: direction) {
                    switch head.startLine {
                    case .request(let method, let target, _): requests.append("\(method) \(target)")
                    case .response(_, let status, _): statuses.append(status)
                    }
                }
                start = end
            }
        }
        return (requests, statuses)
    }

    @Test(arguments: [1, 3, 7, 50, 10_000])
    func everyHeadIsFoundWhateverTheSplit(split: Int) {
        let (requests, statuses) = read(split: split)
        #expect(requests == ["HEAD /a.mp4", "GET /a.mp4", "GET /b.mp4"])
        // The HEAD's answer announces 500 bytes it does not send: the next head follows at once.
        #expect(statuses == [200, 206, 404])
    }

    @Test func aChunkedBodyOrAGapStopsTheDirection() {
        var reader = HTTPFlowReader()
        _ = reader.feed(Array("GET / HTTP/1.1\r\n\r\n".utf8)[...], direction: .c2s)
        let chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\nHTTP/1.1 200 OK\r\n\r\n"
        #expect(reader.feed(Array(chunked.utf8)[...], direction: .s2c).count == 1)
        reader.gap(direction: .c2s)
        #expect(reader.feed(Array("GET /x HTTP/1.1\r\n\r\n".utf8)[...], direction: .c2s).isEmpty)
    }
}
