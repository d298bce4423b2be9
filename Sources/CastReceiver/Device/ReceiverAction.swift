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
}
