import CastCLI
import CastDiscovery
import CastSender

/// `castscope cast transfer --to NAME|ID|HOST[:PORT]`: moves the session to another device with the documented
/// STORE_SESSION / RESUME_SESSION exchange (`CastContext.transferSession(to:)`) and prints where it went; on
/// failure the session stays where it was and the GCK error is reported like any other command's.
enum CastTransfer {
    static func run(_ invocation: Invocation, context: CastContext, session: CastSession, _ io: any CommandOutput)
        async -> RequestOutcome
    {
        guard let target = invocation.option("to") else {
            return .failed(CastError(.invalidRequest, "transfer needs --to NAME|ID|HOST[:PORT]"))
        }
        let destination: Device
        do {
            let timeout = try invocation.duration("timeout") ?? .seconds(5)
            destination = try await CastCommand.resolveDevice(
                target, interfaces: invocation.options("interface"), timeout: timeout, io)
        } catch {
            return .failed(CastError(.networkNotReachable, "--to \(target): \(error)"))
        }
        let source = await context.withSessionManager { _ in Self.describe(session) }
        switch await context.transferSession(to: destination) {
        case let .success(moved):
            let (place, sessionID) = await context.withSessionManager { _ in
                (Self.describe(moved), moved.sessionID ?? "?")
            }
            io.print("session moved from \(source) to \(place), app session \(sessionID)")
            return .completed
        case let .failure(error):
            return .failed(error)
        }
    }

    /// `NAME (ID) at HOST:PORT`.
    private static func describe(_ session: CastSession) -> String {
        let device = session.device
        return "\(device.friendlyName) (\(device.deviceID)) at \(device.host):\(device.servicePort)"
    }
}
