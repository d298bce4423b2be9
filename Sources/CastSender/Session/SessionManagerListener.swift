/// `GCKSessionManagerListener`: session lifecycle callbacks, delivered on the stack's event loop in the GCK order
/// (framework listeners after app listeners for will-start/will-resume, before them otherwise). All optional.
public protocol SessionManagerListener: AnyObject {
    /// `sessionManager:willStartCastSession:`.
    func sessionManager(_ manager: SessionManager, willStart session: CastSession)
    /// `sessionManager:didStartCastSession:`.
    func sessionManager(_ manager: SessionManager, didStart session: CastSession)
    /// `sessionManager:didFailToStartCastSession:withError:`.
    func sessionManager(_ manager: SessionManager, didFailToStart session: CastSession, withError error: CastError)
    /// `sessionManager:willEndCastSession:`.
    func sessionManager(_ manager: SessionManager, willEnd session: CastSession)
    /// `sessionManager:didEndCastSession:withError:`.
    func sessionManager(_ manager: SessionManager, didEnd session: CastSession, withError error: CastError?)
    /// `sessionManager:didSuspendCastSession:withReason:`.
    func sessionManager(_ manager: SessionManager, didSuspend session: CastSession,
                        withReason reason: ConnectionSuspendReason)
    /// `sessionManager:willResumeCastSession:`.
    func sessionManager(_ manager: SessionManager, willResume session: CastSession)
    /// `sessionManager:didResumeCastSession:`.
    func sessionManager(_ manager: SessionManager, didResume session: CastSession)
    /// `sessionManager:castSession:didReceiveDeviceVolume:muted:`.
    func sessionManager(_ manager: SessionManager, session: CastSession, didReceiveDeviceVolume volume: Double,
                        muted: Bool)
    /// `sessionManager:castSession:didReceiveDeviceStatus:`.
    func sessionManager(_ manager: SessionManager, session: CastSession, didReceiveDeviceStatus statusText: String?)
    /// `sessionManager:session:didUpdateDevice:` (stream transfer).
    func sessionManager(_ manager: SessionManager, session: CastSession, didUpdateDevice deviceID: String)
}

extension SessionManagerListener {
    /// Does nothing.
    public func sessionManager(_ manager: SessionManager, willStart session: CastSession) {}
    /// Does nothing.
    public func sessionManager(_ manager: SessionManager, didStart session: CastSession) {}
    /// Does nothing.
    public func sessionManager(_ manager: SessionManager, didFailToStart session: CastSession,
                               withError error: CastError) {}
    /// Does nothing.
    public func sessionManager(_ manager: SessionManager, willEnd session: CastSession) {}
    /// Does nothing.
    public func sessionManager(_ manager: SessionManager, didEnd session: CastSession, withError error: CastError?) {}
    /// Does nothing.
    public func sessionManager(_ manager: SessionManager, didSuspend session: CastSession,
                               withReason reason: ConnectionSuspendReason) {}
    /// Does nothing.
    public func sessionManager(_ manager: SessionManager, willResume session: CastSession) {}
    /// Does nothing.
    public func sessionManager(_ manager: SessionManager, didResume session: CastSession) {}
    /// Does nothing.
    public func sessionManager(_ manager: SessionManager, session: CastSession,
                               didReceiveDeviceVolume volume: Double, muted: Bool) {}
    /// Does nothing.
    public func sessionManager(_ manager: SessionManager, session: CastSession,
                               didReceiveDeviceStatus statusText: String?) {}
    /// Does nothing.
    public func sessionManager(_ manager: SessionManager, session: CastSession, didUpdateDevice deviceID: String) {}
}
