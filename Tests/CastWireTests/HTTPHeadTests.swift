import CastWire
import Testing

/// HTTP/1.x heads as servers and clients send them (RFC 9112), and the faults a capture's bytes can hold.
@Suite struct HTTPHeadTests {
    @Test func requestAndResponseHeads() throws {
        let request = try HTTPHead(parsing: Array("GET /a.mp4?x=1 HTTP/1.1\r\nHost: cdn.example\r\nRange:  bytes=0-99 \r\n\r\nbody".utf8))
        #expect(request.startLine == .request(method: "GET", target: "/a.mp4?x=1", version: "HTTP/1.1"))
        #expect(request["host"] == "cdn.example" && request["RANGE"] == "bytes=0-99")
        #expect(request.length == 67)
        let response = try HTTPHead(parsing: Array("HTTP/1.1 206 Partial Content\nContent-Type: video/mp4\n\n".utf8))
        #expect(response.startLine == .response(version: "HTTP/1.1", status: 206, reason: "Partial Content"))
        #expect(response["Content-Type"] == "video/mp4")
        #expect(try HTTPHead(parsing: Array("HTTP/1.0 404\r\n\r\n".utf8)).startLine
                == .response(version: "HTTP/1.0", status: 404, reason: ""))
    }

    @Test func faultsNameTheirByte() {
        let cases: [(String, String, Bool)] = [
            ("GET /a HTTP/1.1\r\nHost: x\r\n", "past the bytes", true),
            ("HELLO\r\n\r\n", "neither a request line", false),
            ("HTTP/1.1 2000 OK\r\n\r\n", "three-digit", false),
            ("GET / HTTP/1.1\r\nno colon here\r\n\r\n", "without a field name", false),
            ("GET / HTTP/1.1\r\nBad Name: x\r\n\r\n", "without a field name", false),
        ]
        for (text, reason, incomplete) in cases {
            #expect {
                try HTTPHead(parsing: Array(text.utf8))
            } throws: { error in
                guard let error = error as? HTTPHeadError else { return false }
                return error.reason.contains(reason) && error.isIncomplete == incomplete
            }
        }
        let many = "GET / HTTP/1.1\r\n" + String(repeating: "A: b\r\n", count: 200) + "\r\n"
        #expect(throws: HTTPHeadError.self) { try HTTPHead(parsing: Array(many.utf8)) }
        let long = "GET / HTTP/1.1\r\nA: " + String(repeating: "b", count: 70_000)
        #expect {
            try HTTPHead(parsing: Array(long.utf8))
        } throws: { error in (error as? HTTPHeadError)?.isIncomplete == false }
    }
}
