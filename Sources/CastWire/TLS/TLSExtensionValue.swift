/// The decoded contents of the extensions castscope reads; any other extension stays `.raw`.
public enum TLSExtensionValue: Sendable, Hashable {
    /// server_name: host names (empty in a ServerHello acknowledgment).
    case serverName([String])
    /// supported_versions in a ClientHello: the offered list.
    case supportedVersions([TLSProtocolVersion])
    /// supported_versions in a ServerHello/HRR: the selected version.
    case selectedVersion(TLSProtocolVersion)
    /// key_share in a ClientHello: the offered shares.
    case keyShares([TLSKeyShareEntry])
    /// key_share in a ServerHello: the server's share.
    case serverKeyShare(TLSKeyShareEntry)
    /// key_share in a HelloRetryRequest: the group the server wants.
    case selectedGroup(TLSNamedGroup)
    /// application_layer_protocol_negotiation: protocol names.
    case alpn([String])
    /// supported_groups.
    case supportedGroups([TLSNamedGroup])
    /// signature_algorithms.
    case signatureAlgorithms([TLSSignatureScheme])
    /// Any other extension (its bytes are in `TLSExtension.data`).
    case raw

    /// Decodes the data of extension `type` (exactly the bytes `reader` spans) as it appears in `kind`.
    static func decode(type: TLSExtensionType, reader: TLSFieldReader, kind: TLSHelloKind)
        throws(TLSParseError) -> TLSExtensionValue
    {
        var reader = reader
        let value: TLSExtensionValue
        switch (type, kind) {
        case (.serverName, _):
            guard !reader.isAtEnd else { return .serverName([]) }
            var list = try reader.vector(lengthBytes: 2)
            var names: [String] = []
            while !list.isAtEnd {
                let nameType = try list.u8()
                let name = try list.vectorBytes(lengthBytes: 2)
                if nameType == 0 { names.append(String(decoding: name, as: UTF8.self)) }
            }
            value = .serverName(names)
        case (.supportedVersions, .clientHello):
            var list = try reader.vector(lengthBytes: 1)
            guard list.remaining % 2 == 0 else { throw list.malformed(.vectorLength(list.remaining, elementSize: 2)) }
            var versions: [TLSProtocolVersion] = []
            while !list.isAtEnd { versions.append(TLSProtocolVersion(rawValue: try list.u16())) }
            value = .supportedVersions(versions)
        case (.supportedVersions, _):
            value = .selectedVersion(TLSProtocolVersion(rawValue: try reader.u16()))
        case (.keyShare, .clientHello):
            var list = try reader.vector(lengthBytes: 2)
            var shares: [TLSKeyShareEntry] = []
            while !list.isAtEnd {
                let group = TLSNamedGroup(rawValue: try list.u16())
                shares.append(TLSKeyShareEntry(group: group, keyExchange: try list.vectorBytes(lengthBytes: 2)))
            }
            value = .keyShares(shares)
        case (.keyShare, .serverHello):
            let group = TLSNamedGroup(rawValue: try reader.u16())
            value = .serverKeyShare(TLSKeyShareEntry(group: group, keyExchange: try reader.vectorBytes(lengthBytes: 2)))
        case (.keyShare, .helloRetryRequest):
            value = .selectedGroup(TLSNamedGroup(rawValue: try reader.u16()))
        case (.alpn, _):
            var list = try reader.vector(lengthBytes: 2)
            var protocols: [String] = []
            while !list.isAtEnd {
                let name = try list.vectorBytes(lengthBytes: 1)
                guard !name.isEmpty else { throw list.malformed(.emptyVector) }
                protocols.append(String(decoding: name, as: UTF8.self))
            }
            value = .alpn(protocols)
        case (.supportedGroups, _):
            value = .supportedGroups(try reader.vectorUInt16(lengthBytes: 2).map(TLSNamedGroup.init(rawValue:)))
        case (.signatureAlgorithms, _):
            let schemes = try reader.vectorUInt16(lengthBytes: 2)
            value = .signatureAlgorithms(schemes.map(TLSSignatureScheme.init(rawValue:)))
        default:
            return .raw
        }
        try reader.expectEnd()
        return value
    }
}
