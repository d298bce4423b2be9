public import CastDiscovery

extension CastContext {
    /// Moves the current session to `device` (STORE_SESSION on the source, RESUME_SESSION on the destination,
    /// STOP on the source) and waits until it resumed there; on failure the source session keeps running.
    public func transferSession(to device: Device) async -> Result<CastSession, CastError> {
        await withCheckedContinuation { continuation in
            sessionManager.transferSession(to: device) { continuation.resume(returning: $0) }
        }
    }
}
