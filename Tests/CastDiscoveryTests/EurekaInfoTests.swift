import Testing

@testable import CastDiscovery

@Suite struct EurekaInfoTests {
    static func response(_ status: String, headers: String = "", body: String = "") -> [UInt8] {
        Array("HTTP/1.1 \(status)\r\nContent-Length: \(body.utf8.count)\r\n\(headers)\r\n\(body)".utf8)
    }

    @Test func aDevicesAnswerGivesNameModelUUIDAndBuild() throws {
        let body = #"{"build_info":{"cast_build_revision":"1.56.281627"},"device_info":{"model_name":"Chromecast","#
            + #""ssdp_udn":"4f9e6b2a-d0c1-4a8c-9b7e-35f1d2c3b4a5"},"name":"Kitchen TV","net":{"online":true}}"#
        let info = try EurekaInfo(response: Self.response("200 OK", headers: "Content-Type: application/json\r\n", body: body))
        #expect(info == EurekaInfo(
            status: 200, name: "Kitchen TV", uuid: "4f9e6b2a-d0c1-4a8c-9b7e-35f1d2c3b4a5", model: "Chromecast",
            buildRevision: "1.56.281627"))
        #expect(info.summary == #"HTTP 200, name "Kitchen TV", model Chromecast, uuid 4f9e6b2a-d0c1-4a8c-9b7e-35f1d2c3b4a5"#)
    }

    @Test func forbiddenOrNotFoundIsAnAnswerSayingTheAPIMoved() throws {
        let info = try EurekaInfo(response: Self.response("403 Forbidden"))
        #expect(info.status == 403 && info.name == nil)
        #expect(info.summary.contains("8443"))
    }

    @Test func malformedResponsesNameWhatIsWrongAndWhere() {
        func error(_ bytes: [UInt8]) -> EurekaInfoError? {
            do { _ = try EurekaInfo(response: bytes) } catch { return error }
            return nil
        }
        #expect(error(Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n".utf8))?.kind == .noHeaderEnd)
        #expect(error(Array("SSH-2.0-OpenSSH\r\n\r\n".utf8))?.kind == .badStatusLine("SSH-2.0-OpenSSH"))
        #expect(error(Array("HTTP/1.1 2000 OK\r\n\r\n".utf8)).map { "\($0)" }?.contains("at byte 0") == true)
        let notJSON = error(Self.response("200 OK", body: "<html>"))
        #expect(notJSON.map { "\($0)" }?.hasPrefix("eureka_info at byte ") == true)
        if case .badJSON? = notJSON?.kind {} else { Issue.record("\(String(describing: notJSON))") }
        #expect(error(Self.response("200 OK", body: "[1]"))?.kind == .notAnObject("array"))
        #expect(error(Self.response("200 OK", headers: "Transfer-Encoding: chunked\r\n", body: "{}"))?.kind == .chunked)
        #expect(error([UInt8](repeating: 0x41, count: EurekaInfo.maximumResponseBytes + 1))?.kind == .tooLong)
        // A header line that is not `Name: value`, named with the byte where its line starts.
        let badHeader = error(Array("HTTP/1.1 200 OK\r\nno colon\r\n\r\n{}".utf8))
        if case .badHeader? = badHeader?.kind {} else { Issue.record("\(String(describing: badHeader))") }
        #expect(badHeader?.offset == 17)
        #expect(badHeader.map { "\($0)" }?.contains("at byte 17: bad HTTP header") == true)
        // An uptime that is not a usable number is left out, not trusted.
        let negative = try? EurekaInfo(response: Self.response("200 OK", body: #"{"uptime":-5}"#))
        #expect(negative?.status == 200 && negative?.uptime == nil)
    }

    @Test func theRequestAsksForTheDiagnosisFieldsAndClosesTheConnection() {
        let request = String(decoding: EurekaInfo.request(host: "[fe80::1]:8008"), as: UTF8.self)
        #expect(request.hasPrefix("GET /setup/eureka_info?params=name,build_info,device_info,net,uptime HTTP/1.1\r\n"))
        #expect(request.contains("\r\nHost: [fe80::1]:8008\r\n"))
        #expect(request.hasSuffix("Connection: close\r\n\r\n"))
    }
}
