import CCastNetShims
import Glibc

extension SocketAddress {
    /// The C address family (`AF_INET` or `AF_INET6`).
    var family: Int32 { ip.isIPv4 ? AF_INET : AF_INET6 }

    /// Calls `body` with this address as a `sockaddr` and its length.
    func withSockAddr<R, E: Error>(
        _ body: (UnsafePointer<sockaddr>, socklen_t) throws(E) -> R
    ) throws(E) -> R {
        var storage = sockaddr_storage()
        let length: socklen_t
        switch ip {
        case .v4(let address):
            var sin = sockaddr_in()
            sin.sin_family = sa_family_t(AF_INET)
            sin.sin_port = port.bigEndian
            sin.sin_addr = address.inAddr
            withUnsafeBytes(of: sin) { source in
                withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) }
            }
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
        case .v6(let address):
            var sin6 = sockaddr_in6()
            sin6.sin6_family = sa_family_t(AF_INET6)
            sin6.sin6_port = port.bigEndian
            sin6.sin6_addr = address.inAddr
            sin6.sin6_scope_id = scopeID
            withUnsafeBytes(of: sin6) { source in
                withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) }
            }
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        }
        return try withUnsafePointer(to: &storage) { (pointer) throws(E) -> R in
            // SAFETY: sockaddr_storage is large and aligned enough for every sockaddr type.
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { (address) throws(E) -> R in
                try body(address, length)
            }
        }
    }

    /// The address in `storage`, or nil for a family other than IPv4/IPv6.
    init?(storage: sockaddr_storage) {
        var storage = storage
        switch Int32(storage.ss_family) {
        case AF_INET:
            let sin = withUnsafeBytes(of: &storage) { $0.loadUnaligned(as: sockaddr_in.self) }
            self.init(IPv4Address(UInt32(bigEndian: sin.sin_addr.s_addr)), port: UInt16(bigEndian: sin.sin_port))
        case AF_INET6:
            let sin6 = withUnsafeBytes(of: &storage) { $0.loadUnaligned(as: sockaddr_in6.self) }
            self.init(
                IPv6Address(inAddr: sin6.sin6_addr), port: UInt16(bigEndian: sin6.sin6_port),
                scopeID: sin6.sin6_scope_id)
        default:
            return nil
        }
    }

    /// The local address of socket `fd` (`getsockname`).
    static func local(of fd: Int32) throws(IOError) -> SocketAddress {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        try withUnsafeMutablePointer(to: &storage) { (pointer) throws(IOError) in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { (address) throws(IOError) in
                try Posix.getsockname(fd, address, &length)
            }
        }
        guard let address = SocketAddress(storage: storage) else {
            throw IOError(errno: EAFNOSUPPORT, call: "getsockname")
        }
        return address
    }

    /// The peer address of connected socket `fd` (`getpeername`).
    static func peer(of fd: Int32) throws(IOError) -> SocketAddress {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        try withUnsafeMutablePointer(to: &storage) { (pointer) throws(IOError) in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { (address) throws(IOError) in
                try Posix.getpeername(fd, address, &length)
            }
        }
        guard let address = SocketAddress(storage: storage) else {
            throw IOError(errno: EAFNOSUPPORT, call: "getpeername")
        }
        return address
    }
}
