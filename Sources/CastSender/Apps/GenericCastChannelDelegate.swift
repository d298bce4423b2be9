/// What a `GenericCastChannel` reports (the overridable methods of `GCKCastChannel`); all optional.
public protocol GenericCastChannelDelegate: AnyObject {
    /// `-didReceiveTextMessage:`.
    func castChannel(_ channel: GenericCastChannel, didReceiveTextMessage message: String)
    /// A binary message (CASTV2_1_3 payloads).
    func castChannel(_ channel: GenericCastChannel, didReceiveBinaryMessage message: [UInt8])
    /// `-didConnect`: the app transport is connected; messages can flow.
    func castChannelDidConnect(_ channel: GenericCastChannel)
    /// `-didDisconnect`.
    func castChannelDidDisconnect(_ channel: GenericCastChannel)
}

extension GenericCastChannelDelegate {
    /// Does nothing.
    public func castChannel(_ channel: GenericCastChannel, didReceiveTextMessage message: String) {}
    /// Does nothing.
    public func castChannel(_ channel: GenericCastChannel, didReceiveBinaryMessage message: [UInt8]) {}
    /// Does nothing.
    public func castChannelDidConnect(_ channel: GenericCastChannel) {}
    /// Does nothing.
    public func castChannelDidDisconnect(_ channel: GenericCastChannel) {}
}
