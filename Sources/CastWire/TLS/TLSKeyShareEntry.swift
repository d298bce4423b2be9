/// One key_share entry: a named group and its public key bytes.
public struct TLSKeyShareEntry: Sendable, Hashable {
    /// The group.
    public var group: TLSNamedGroup
    /// The key exchange bytes.
    public var keyExchange: [UInt8]

    /// An entry from its parts.
    public init(group: TLSNamedGroup, keyExchange: [UInt8]) {
        self.group = group
        self.keyExchange = keyExchange
    }
}
