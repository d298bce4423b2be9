/// HINFO record data (RFC 1035 §3.3.2): two character-strings naming the CPU and operating system.
public struct DNSHINFO: Sendable, Hashable {
    /// The CPU string, raw bytes.
    public var cpu: [UInt8]
    /// The OS string, raw bytes.
    public var os: [UInt8]

    /// Creates HINFO data; each string must be at most 255 bytes.
    public init(cpu: [UInt8], os: [UInt8]) {
        precondition(cpu.count <= 255 && os.count <= 255, "HINFO strings are at most 255 bytes")
        self.cpu = cpu
        self.os = os
    }
}
