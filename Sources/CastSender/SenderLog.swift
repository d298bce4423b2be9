import CastLog

/// The log classes of the sender, named after the Cast SDK classes that do the same job (README table).
enum SenderLog {
    /// Context setup, options.
    static let context = Logger.shared.category("GCKCastContext")
    /// Session start, end, suspend, resume; listener callbacks.
    static let sessionManager = Logger.shared.category("GCKSessionManager")
    /// One session's connection, app, volume.
    static let session = Logger.shared.category("GCKCastSession")
    /// Media commands and status as the app sees them.
    static let remoteMediaClient = Logger.shared.category("GCKRemoteMediaClient")
    /// Media namespace messages.
    static let mediaControlChannel = Logger.shared.category("GCKMediaControlChannel")
    /// Receiver namespace messages (LAUNCH, GET_STATUS, SET_VOLUME, STOP).
    static let receiverControlChannel = Logger.shared.category("GCKReceiverControlChannel")
    /// Custom namespace channels.
    static let castChannel = Logger.shared.category("GCKCastChannel")
    /// Request outcomes.
    static let request = Logger.shared.category("GCKRequest")
    /// The media controller model.
    static let mediaController = Logger.shared.category("GCKUIMediaController")
}
