import CastWire

/// An app the emulated device can launch: its id, name, the namespaces it lists in RECEIVER_STATUS and what it does.
public struct ReceiverAppDefinition: Sendable, Hashable {
    /// What the app does with messages.
    public enum Behaviour: Sendable, Hashable {
        /// The idle screen: no namespaces of its own.
        case idleScreen
        /// A media player on `urn:x-cast:com.google.cast.media` (the Default Media Receiver).
        case mediaPlayer
        /// Echoes every message on its custom namespaces back to the sender.
        case echo
        /// Media player plus the seed-001 ad-insertion text protocol on its custom namespace.
        case adInsertion
    }

    /// The Default Media Receiver's id (protocol.md §2.9).
    public static let defaultMediaReceiverID = "CC1AD845"
    /// The Backdrop idle screen's id.
    public static let backdropID = "E8C28D3C"
    /// The id of the built-in ad-insertion app (not a Google id; emulator-only).
    public static let adInsertionID = "CA57AD01"
    /// The custom namespace of the built-in ad-insertion app (the IMA cast example's channel).
    public static let adInsertionNamespace = "urn:x-cast:com.google.ads.ima.cast"

    /// The app id, 8 upper-case hex digits for Google-registered apps.
    public var appID: String
    /// `displayName` in RECEIVER_STATUS.
    public var displayName: String
    /// The namespaces listed in RECEIVER_STATUS as `{"name": …}` objects.
    public var namespaces: [String]
    /// What the app does.
    public var behaviour: Behaviour

    /// An app definition.
    public init(appID: String, displayName: String, namespaces: [String], behaviour: Behaviour) {
        self.appID = appID
        self.displayName = displayName
        self.namespaces = namespaces
        self.behaviour = behaviour
    }

    /// The Default Media Receiver with the namespaces real firmware lists for it.
    public static let defaultMediaReceiver = ReceiverAppDefinition(
        appID: defaultMediaReceiverID, displayName: "Default Media Receiver",
        namespaces: [
            "urn:x-cast:com.google.cast.debugoverlay", "urn:x-cast:com.google.cast.cac",
            CastNamespace.broadcast.rawValue, CastNamespace.media.rawValue,
        ],
        behaviour: .mediaPlayer)

    /// The Backdrop idle screen, running whenever no other app is.
    public static let backdrop = ReceiverAppDefinition(
        appID: backdropID, displayName: "Backdrop", namespaces: [], behaviour: .idleScreen)

    /// The built-in ad-insertion app (seed 001): media plus a comma-separated text protocol.
    public static let adInsertion = ReceiverAppDefinition(
        appID: adInsertionID, displayName: "Ad Insertion Receiver",
        namespaces: [adInsertionNamespace, CastNamespace.media.rawValue], behaviour: .adInsertion)

    /// Parses a `--app APPID[=NAMESPACE,…]` value: an echo app on the given custom namespaces.
    public init(parsingAppSpec spec: String) throws(ReceiverAppSpecError) {
        let parts = spec.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let appID = String(parts[0])
        guard !appID.isEmpty, appID.utf8.count <= 64,
            appID.utf8.allSatisfy({ $0 >= 0x21 && $0 < 0x7F && $0 != UInt8(ascii: ",") })
        else { throw ReceiverAppSpecError(spec: spec, reason: "the app id must be printable ASCII without spaces") }
        var namespaces: [String] = []
        if parts.count > 1 {
            for name in parts[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
                guard name.hasPrefix("urn:x-cast:"), name.utf8.count > "urn:x-cast:".utf8.count else {
                    throw ReceiverAppSpecError(spec: spec, reason: "namespace \"\(name)\" must start with urn:x-cast:")
                }
                namespaces.append(name)
            }
        }
        self.init(appID: appID, displayName: appID, namespaces: namespaces, behaviour: .echo)
    }
}

/// Why an `--app` value was refused.
public struct ReceiverAppSpecError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The value as given.
    public var spec: String
    /// What is wrong with it.
    public var reason: String

    /// `invalid app "spec": reason`.
    public var description: String { "invalid app \"\(spec)\": \(reason)" }
}
