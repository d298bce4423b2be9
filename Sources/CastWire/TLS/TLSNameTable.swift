/// Formatting shared by the TLS code-point vocabularies: a known name, "GREASE", or "0xXXXX".
enum TLSNameTable {
    /// True for the RFC 8701 GREASE values 0x0A0A, 0x1A1A ... 0xFAFA.
    static func isGREASE(_ value: UInt16) -> Bool {
        value & 0x0F0F == 0x0A0A && value >> 8 == value & 0xFF
    }

    /// "0x" followed by four lower-case hex digits.
    static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The table's name for `value`, "GREASE" for GREASE values, otherwise hex.
    static func name(_ value: UInt16, in table: [UInt16: String]) -> String {
        if let name = table[value] { return name }
        if isGREASE(value) { return "GREASE" }
        return hex(value)
    }
}
