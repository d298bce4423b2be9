import CCastNetShims
import Glibc

/// Building and reading the ancillary data (`cmsg`) of `sendmsg`/`recvmsg` for packet info and hop limits.
enum ControlMessages {
    /// Room for IP(V6)_PKTINFO plus a TTL/hop limit, with the kernel's padding.
    static let receiveSpace = 128

    /// What the kernel told us about a received datagram.
    struct Received {
        var destination: IPAddress?
        var interfaceIndex: UInt32 = 0
        var hopLimit: Int?
    }

    /// Parses the control messages `recvmsg` filled into `message`.
    static func parse(_ message: UnsafeMutablePointer<msghdr>) -> Received {
        var received = Received()
        var cursor = CCastNetShims_CMSG_FIRSTHDR(message)
        while let header = cursor {
            let level = header.pointee.cmsg_level
            let type = header.pointee.cmsg_type
            let payloadLength = Int(header.pointee.cmsg_len) - Int(CCastNetShims_CMSG_LEN(0))
            if let data = CCastNetShims_CMSG_DATA(header) {
                let raw = UnsafeRawPointer(data)
                // SAFETY: each branch reads only after checking the payload is as long as the C struct.
                if level == Int32(IPPROTO_IP) && type == IP_PKTINFO && payloadLength >= MemoryLayout<in_pktinfo>.size {
                    let info = raw.loadUnaligned(as: in_pktinfo.self)
                    received.interfaceIndex = UInt32(bitPattern: info.ipi_ifindex)
                    received.destination = .v4(IPv4Address(UInt32(bigEndian: info.ipi_addr.s_addr)))
                } else if level == Int32(IPPROTO_IPV6) && type == IPV6_PKTINFO
                    && payloadLength >= MemoryLayout<CCastNetShims_in6_pktinfo>.size
                {
                    let info = raw.loadUnaligned(as: CCastNetShims_in6_pktinfo.self)
                    received.interfaceIndex = info.ipi6_ifindex
                    received.destination = .v6(IPv6Address(inAddr: info.ipi6_addr))
                } else if (level == Int32(IPPROTO_IP) && type == IP_TTL)
                    || (level == Int32(IPPROTO_IPV6) && type == IPV6_HOPLIMIT),
                    payloadLength >= 4
                {
                    received.hopLimit = Int(raw.loadUnaligned(as: Int32.self))
                }
            }
            cursor = CCastNetShims_CMSG_NXTHDR(message, header)
        }
        return received
    }

    /// Calls `body` with control data (IP_PKTINFO / IPV6_PKTINFO) that sends out of interface `index` from address
    /// `source`, or with none when both are nil. Linux takes a zero source in the packet info literally rather
    /// than as "pick one" for multicast on lo, so callers pass the bound address. Index 0 is the same as nil: the
    /// packet info then names no interface, and the kernel routes (callers refuse that for multicast).
    static func withOutgoingInterface<R>(
        _ index: UInt32?, source: IPAddress?, ipv4: Bool, _ body: (UnsafeMutableRawBufferPointer?) -> R
    ) -> R {
        let named = index == 0 ? nil : index
        guard named != nil || source != nil else { return body(nil) }
        let index = named ?? 0
        let payload = ipv4 ? MemoryLayout<in_pktinfo>.size : MemoryLayout<CCastNetShims_in6_pktinfo>.size
        let space = Int(CCastNetShims_CMSG_SPACE(payload))
        let buffer = UnsafeMutableRawBufferPointer.allocate(
            byteCount: space, alignment: MemoryLayout<cmsghdr>.alignment)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
        let header = buffer.baseAddress!.assumingMemoryBound(to: cmsghdr.self)  // SAFETY: allocated above, aligned
        header.pointee.cmsg_len = CCastNetShims_CMSG_LEN(payload)
        header.pointee.cmsg_level = ipv4 ? Int32(IPPROTO_IP) : Int32(IPPROTO_IPV6)
        header.pointee.cmsg_type = ipv4 ? IP_PKTINFO : IPV6_PKTINFO
        if let data = CCastNetShims_CMSG_DATA(header) {
            if ipv4 {
                var info = in_pktinfo()
                info.ipi_ifindex = Int32(bitPattern: index)
                if case .v4(let address) = source { info.ipi_spec_dst = address.inAddr }
                UnsafeMutableRawPointer(data).storeBytes(of: info, as: in_pktinfo.self)
            } else {
                var info = CCastNetShims_in6_pktinfo()
                info.ipi6_ifindex = index
                if case .v6(let address) = source { info.ipi6_addr = address.inAddr }
                UnsafeMutableRawPointer(data).storeBytes(of: info, as: CCastNetShims_in6_pktinfo.self)
            }
        }
        return body(buffer)
    }
}
