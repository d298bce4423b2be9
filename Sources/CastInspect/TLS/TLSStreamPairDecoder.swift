/// The TLS layer of one connection on its own: feed each direction's TCP bytes, get handshake facts, alerts and
/// (with keys) plaintext. What the inspector uses per connection, exposed for tests and the fuzz target.
public struct TLSStreamPairDecoder: Sendable {
    private var decoder: TLSConnectionDecoder

    /// A decoder that looks up session secrets in `keyLog`.
    public init(keyLog: TLSKeyLog) {
        decoder = TLSConnectionDecoder(keyLog: keyLog)
    }

    /// Adds in-order bytes of one direction and returns what they completed.
    public mutating func feed(_ bytes: [UInt8], direction: FlowDirection) -> [TLSConnectionEvent] {
        var events: [TLSConnectionEvent] = []
        decoder.feed(bytes[...], direction: direction, into: &events)
        return events
    }

    /// Tells the decoder that `size` bytes were lost in `direction`.
    public mutating func gap(direction: FlowDirection, size: Int) {
        decoder.gap(direction: direction, size: size)
    }

    /// Records decrypted so far.
    public var decryptedRecords: Int { decoder.decryptedRecords }
    /// Records left encrypted so far.
    public var undecryptedRecords: Int { decoder.undecryptedRecords }
}
