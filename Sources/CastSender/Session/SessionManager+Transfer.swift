public import CastDiscovery
import CastLog

extension SessionManager {
    /// Moves the current session to `device` with the documented STORE_SESSION / RESUME_SESSION exchange (see
    /// `SessionTransfer`); `completion` runs once on the loop with the moved session (the same `CastSession`, its
    /// `device` now the destination, after didUpdateDevice, willResume, didResume) or the error that left the
    /// source session as it was. Call on the loop.
    public func transferSession(to device: Device, completion: @escaping (Result<CastSession, CastError>) -> Void) {
        guard let session = currentCastSession else {
            completion(.failure(CastError(.sessionIsNotActive, "no session to transfer")))
            return
        }
        options.log.sessionManager.info(
            "transferring session to \(device.friendlyName) (\(device.deviceID))", session.metadata())
        SessionTransfer(manager: self, source: session, destination: device, completion: completion).begin()
    }
}
