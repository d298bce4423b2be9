/// `GCKRequestDelegate`: told once how a request ended; every method has a default that does nothing.
public protocol RequestDelegate: AnyObject {
    /// The request succeeded.
    func requestDidComplete(_ request: Request)
    /// The request failed: error reply, timeout, or the session ended.
    func request(_ request: Request, didFailWithError error: CastError)
    /// The request was replaced or cancelled.
    func request(_ request: Request, didAbortWithReason reason: RequestAbortReason)
}

extension RequestDelegate {
    /// Does nothing.
    public func requestDidComplete(_ request: Request) {}
    /// Does nothing.
    public func request(_ request: Request, didFailWithError error: CastError) {}
    /// Does nothing.
    public func request(_ request: Request, didAbortWithReason reason: RequestAbortReason) {}
}
