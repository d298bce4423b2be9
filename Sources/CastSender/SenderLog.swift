public import CastChannel
public import CastLog

/// The log classes of the sender, named after the Cast SDK classes that do the same job (README table), on one
/// logger: `CastOptions.logger`, the shared one unless a program gives its own. Made once per logger, so a call
/// site's disabled path stays one load of a cached handle.
public struct SenderLog: Sendable {
    /// Context setup, options.
    public let context: LogCategory
    /// Session start, end, suspend, resume; listener callbacks.
    public let sessionManager: LogCategory
    /// One session's connection, app, volume.
    public let session: LogCategory
    /// Media commands and status as the app sees them.
    public let remoteMediaClient: LogCategory
    /// Media namespace messages.
    public let mediaControlChannel: LogCategory
    /// Receiver namespace messages (LAUNCH, GET_STATUS, SET_VOLUME, STOP).
    public let receiverControlChannel: LogCategory
    /// Multizone namespace messages (group members, their volumes).
    public let multizoneControlChannel: LogCategory
    /// Custom namespace channels.
    public let castChannel: LogCategory
    /// Request outcomes.
    public let request: LogCategory
    /// The media controller model.
    public let mediaController: LogCategory
    /// The channel layer's classes (GCKCastChannel, GCKDeviceManager, …) on the same logger.
    public let channel: ChannelLogClasses

    /// The sender's classes on `logger`.
    public init(logger: Logger) {
        context = logger.category("GCKCastContext")
        sessionManager = logger.category("GCKSessionManager")
        session = logger.category("GCKCastSession")
        remoteMediaClient = logger.category("GCKRemoteMediaClient")
        mediaControlChannel = logger.category("GCKMediaControlChannel")
        receiverControlChannel = logger.category("GCKReceiverControlChannel")
        multizoneControlChannel = logger.category("GCKMultizoneControlChannel")
        castChannel = logger.category("GCKCastChannel")
        request = logger.category("GCKRequest")
        mediaController = logger.category("GCKUIMediaController")
        channel = logger === Logger.shared ? .sender : .sender(logger: logger)
    }

    /// The classes on `Logger.shared`, made once.
    public static let shared = SenderLog(logger: .shared)

    /// `shared` for the shared logger, else a new set.
    static func on(_ logger: Logger) -> SenderLog { logger === Logger.shared ? shared : SenderLog(logger: logger) }
}
