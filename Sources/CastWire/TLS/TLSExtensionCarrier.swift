/// A message that carries hello extensions; gives typed access to the decoded ones.
public protocol TLSExtensionCarrier {
    /// The extensions in wire order.
    var extensions: [TLSExtension] { get }
}

extension TLSExtensionCarrier {
    /// The first extension of `type`, if present.
    public func firstExtension(_ type: TLSExtensionType) -> TLSExtension? {
        extensions.first { $0.type == type }
    }

    /// The SNI host name (first host_name entry), if present.
    public var serverName: String? {
        for ext in extensions { if case .serverName(let names) = ext.value { return names.first } }
        return nil
    }

    /// ALPN protocol names, empty when absent.
    public var alpnProtocols: [String] {
        for ext in extensions { if case .alpn(let names) = ext.value { return names } }
        return []
    }

    /// Versions offered in supported_versions (ClientHello), empty when absent.
    public var supportedVersions: [TLSProtocolVersion] {
        for ext in extensions { if case .supportedVersions(let versions) = ext.value { return versions } }
        return []
    }

    /// The version selected in supported_versions (ServerHello/HRR), if present.
    public var selectedVersion: TLSProtocolVersion? {
        for ext in extensions { if case .selectedVersion(let version) = ext.value { return version } }
        return nil
    }

    /// Groups of the key_share extension: the offered shares, the server's share, or the HRR's requested group.
    public var keyShareGroups: [TLSNamedGroup] {
        for ext in extensions {
            switch ext.value {
            case .keyShares(let shares): return shares.map(\.group)
            case .serverKeyShare(let share): return [share.group]
            case .selectedGroup(let group): return [group]
            default: continue
            }
        }
        return []
    }

    /// supported_groups, empty when absent.
    public var supportedGroups: [TLSNamedGroup] {
        for ext in extensions { if case .supportedGroups(let groups) = ext.value { return groups } }
        return []
    }

    /// signature_algorithms, empty when absent.
    public var signatureAlgorithms: [TLSSignatureScheme] {
        for ext in extensions { if case .signatureAlgorithms(let schemes) = ext.value { return schemes } }
        return []
    }
}
