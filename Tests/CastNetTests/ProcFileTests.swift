import CastNet
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// /proc files report size 0; ProcFile reads them to the end, past the 4 KiB where Foundation's reader stops.
@Suite struct ProcFileTests {
    @Test func procNetUDPIsReadWholeWithManySocketsOpen() throws {
        var sockets: [Int32] = []
        defer { for fd in sockets { close(fd) } }
        var ports: [UInt16] = []
        for _ in 0..<80 {
            let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
            try #require(fd >= 0)
            sockets.append(fd)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                    bind(fd, generic, length) == 0 && getsockname(fd, generic, &length) == 0
                }
            }
            try #require(bound)
            ports.append(UInt16(bigEndian: address.sin_port))
        }
        let text = try #require(ProcFile.read("/proc/net/udp"))
        #expect(text.utf8.count > 4096)
        let missing = ports.filter { !text.contains(String(format: ":%04X ", $0)) }
        #expect(missing.isEmpty, "ports not in /proc/net/udp as read: \(missing)")
    }

    @Test func aMissingFileIsNil() {
        #expect(ProcFile.read("/proc/castscope-no-such-file") == nil)
    }
}
