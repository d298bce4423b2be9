import CastLog
public import CastWire
import Synchronization

/// Waits for a media session to reach a player state (`cast load --wait playing`): resumes on the first
/// MEDIA_STATUS in one of the wanted states, fails when the media ends first (IDLE with ERROR, FINISHED or
/// CANCELLED, or no media session) or the timeout passes. IDLE with INTERRUPTED — the item the load replaced — is
/// passed over.
final class PlayerStateWaiter: RemoteMediaClientListener, @unchecked Sendable {
    typealias Outcome = Result<MediaSessionStatus, CastError>
    private let wanted: Set<MediaPlayerState>
    private let state = Mutex<(outcome: Outcome?, continuation: CheckedContinuation<Outcome, Never>?)>((nil, nil))

    init(_ wanted: Set<MediaPlayerState>) { self.wanted = wanted }

    func remoteMediaClient(_ client: RemoteMediaClient, didUpdateMediaStatus status: MediaSessionStatus?) {
        consider(status)
    }

    /// Judges one status: the wanted state ends the wait, an ended media fails it, anything else waits on.
    func consider(_ status: MediaSessionStatus?) {
        guard let status else { return finish(.failure(CastError(.noMediaSession, "the media session ended"))) }
        let player = MediaPlayerState(wireName: status.playerState)
        if wanted.contains(player) { return finish(.success(status)) }
        guard player == .idle, let reason = status.idleReason, reason != "INTERRUPTED" else { return }
        let code: CastErrorCode = reason == "ERROR" ? .mediaLoadFailed : .noMediaSession
        let states = wanted.map(\.wireName).sorted().joined(separator: " or ")
        finish(.failure(CastError(code, "the media went IDLE (\(reason)) before \(states)")))
    }

    /// The outcome, once a status decided it or `timeout` passed.
    func wait(timeout: Duration) async -> Outcome {
        let states = wanted.map(\.wireName).sorted().joined(separator: " or ")
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            self?.finish(.failure(CastError(.timeout, "no MEDIA_STATUS with \(states) within \(timeout)")))
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { continuation in
            let decided = state.withLock { state -> Outcome? in
                if let outcome = state.outcome { return outcome }
                state.continuation = continuation
                return nil
            }
            if let decided { continuation.resume(returning: decided) }
        }
    }

    private func finish(_ outcome: Outcome) {
        let continuation = state.withLock { state -> CheckedContinuation<Outcome, Never>? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: outcome)
    }
}

extension CastContext {
    /// Waits until `session`'s media reaches one of `states` (judged from the status it has now, then from each
    /// MEDIA_STATUS), or fails when the media ends first or `timeout` passes.
    public func waitForPlayerState(_ states: Set<MediaPlayerState>, of session: CastSession, timeout: Duration) async
        -> Result<MediaSessionStatus, CastError>
    {
        let waiter = PlayerStateWaiter(states)
        session.remoteMediaClient.add(waiter)
        defer { session.remoteMediaClient.remove(waiter) }
        if let status = session.remoteMediaClient.mediaStatus { waiter.consider(status) }
        let outcome = await waiter.wait(timeout: timeout)
        if case .success(let status) = outcome {
            options.log.remoteMediaClient.debug("player state reached", ["media.state": .string(status.playerState ?? "")])
        }
        return outcome
    }
}
