import CastNet
import Glibc
import Testing

@Suite struct IOErrorTests {
    @Test func descriptionNamesCallAndStrerrorText() {
        let error = IOError(errno: ECONNREFUSED, call: "connect")
        #expect(error.description == "connect: Connection refused (errno 111)")
        #expect(error.kind == .connectionRefused)
    }
}
