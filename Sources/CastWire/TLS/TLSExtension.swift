/// One hello extension: its type, raw data (always kept) and decoded value.
public struct TLSExtension: Sendable, Hashable {
    /// The extension type.
    public var type: TLSExtensionType
    /// The extension data as sent.
    public var data: [UInt8]
    /// The decoded value (`.raw` for types castscope does not decode).
    public var value: TLSExtensionValue
    /// Stream offset of the extension's type field.
    public var offset: Int

    /// An extension from its parts.
    public init(type: TLSExtensionType, data: [UInt8], value: TLSExtensionValue, offset: Int) {
        self.type = type
        self.data = data
        self.value = value
        self.offset = offset
    }

    /// Reads an extensions block (2-byte length, then type/length/data entries) if any bytes remain.
    static func readList(_ reader: inout TLSFieldReader, kind: TLSHelloKind) throws(TLSParseError) -> [TLSExtension] {
        guard !reader.isAtEnd else { return [] }  // TLS ≤ 1.2 hellos may omit the block entirely
        var list = try reader.vector(lengthBytes: 2)
        var extensions: [TLSExtension] = []
        while !list.isAtEnd {
            let offset = list.offset
            let type = TLSExtensionType(rawValue: try list.u16())
            let dataReader = try list.vector(lengthBytes: 2, context: .extension(type))
            let data = Array(dataReader.reader.remainingBytes)
            let value = try TLSExtensionValue.decode(type: type, reader: dataReader, kind: kind)
            extensions.append(TLSExtension(type: type, data: data, value: value, offset: offset))
        }
        return extensions
    }
}
