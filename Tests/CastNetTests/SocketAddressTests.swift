import CastNet
import Testing

@Suite struct SocketAddressTests {
    @Test func parsesIPv4HostAndPort() {
        let address = SocketAddress(parsing: "192.168.1.20:8009")
        #expect(address == SocketAddress(IPv4Address(192, 168, 1, 20), port: 8009))
        #expect(address?.description == "192.168.1.20:8009")
    }

    @Test func parsesBracketedIPv6WithAndWithoutZone() {
        #expect(SocketAddress(parsing: "[::1]:5353") == SocketAddress(IPv6Address.loopback, port: 5353))
        #expect(SocketAddress(parsing: "[fe80::1%7]:80")?.scopeID == 7)
        #expect(SocketAddress(parsing: "[fe80::1%lo]:80")?.scopeID != nil)
        #expect(SocketAddress(parsing: "[ff02::fb]:5353") == .mDNSv6)
        #expect(SocketAddress.mDNSv6.description == "[ff02::fb]:5353")
    }

    @Test func rejectsMalformedText() {
        for text in [
            "", "1.2.3.4", "1.2.3.4:", "1.2.3.4:65536", "1.2.3.4:-1", "1.2.3:80", "::1:80", "[::1]80", "[::1",
            "[1.2.3.4]:x",
            "host.example:80", "[fe80::1%nosuchif0]:80", "1.2.3.4%lo:80", "1.2.3.4:+80",
        ] {
            #expect(SocketAddress(parsing: text) == nil, "\(text)")
        }
    }

    @Test func localhostMeansIPv4Loopback() {
        #expect(SocketAddress(parsing: "localhost:8009") == SocketAddress(.loopback, port: 8009))
    }

    @Test func classifiesAddresses() {
        #expect(IPv4Address.mDNSGroup.isMulticast)
        #expect(!IPv4Address.loopback.isMulticast)
        #expect(IPv4Address(169, 254, 3, 4).isLinkLocal)
        #expect(IPv6Address("fe80::1")?.isLinkLocal == true)
        #expect(IPv6Address.mDNSGroup.isMulticast)
        #expect(IPAddress("::1")?.isLoopback == true)
        #expect(IPv6Address(bytes: IPv6Address.mDNSGroup.bytes) == .mDNSGroup)
        #expect(IPv6Address(bytes: [1, 2]) == nil)
        #expect(IPv4Address("010.1.1.1") == nil || IPv4Address("010.1.1.1") != nil)  // inet_pton decides; no crash
    }
}
