/// Which hello message an extension list belongs to; extension data layouts differ between them.
public enum TLSHelloKind: Sendable, Hashable {
    /// ClientHello.
    case clientHello
    /// ServerHello.
    case serverHello
    /// HelloRetryRequest (a ServerHello with the special random).
    case helloRetryRequest
}
