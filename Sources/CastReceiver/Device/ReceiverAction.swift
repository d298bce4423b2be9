public import CastWire

/// Identifies one sender's TCP/TLS connection to the emulated device.
public struct SenderConnectionID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// A number unique for the emulator's lifetime.
    public var rawValue: UInt64

    /// Wraps `rawValue`.
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }

    /// Lower numbers first.
    public static func < (lhs: SenderConnectionID, rhs: SenderConnectionID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `#n`.
    public var description: String { "#\(rawValue)" }
}

/// What the device state machine asks its I/O layer to do.
public enum ReceiverAction: Sendable, Hashable {
    /// Send `message` on the sender connection.
    case send(SenderConnectionID, CastMessage)
    /// Close the sender connection (after a protocol violation), logging `reason`.
    case close(SenderConnectionID, reason: String)
    /// Tell whoever runs the device (a `ReceiverGroup`) that something changed that other devices mirror.
    case notify(ReceiverEvent)
    /// Fetch and judge a LOAD's media off the loop (`--fetch-media`), then hand the outcome back to the device.
    case fetchMedia(PendingMediaLoad)
}

/// A change of the emulated device that other emulated devices mirror: a speaker's volume shows in its group.
public enum ReceiverEvent: Sendable, Hashable {
    /// The device's own volume changed (SET_VOLUME on the receiver namespace).
    case volumeChanged(CastVolume)
    /// A group member's volume changed (SET_DEVICE_VOLUME on the multizone namespace of a group).
    case memberVolumeChanged(deviceID: String, volume: CastVolume)
}
