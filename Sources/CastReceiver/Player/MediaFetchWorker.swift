import CastFetch
import CastMedia
import Dispatch

/// Runs the emulated device's media fetches (`--fetch-media`) one at a time on a queue of their own, off the event
/// loop (a fetch blocks for up to its timeouts), and hands each outcome back.
final class MediaFetchWorker: @unchecked Sendable {
    // @unchecked Sendable: `checker` is touched only on `queue`.
    private let queue = DispatchQueue(label: "castscope-receiver-media-fetch")
    private var checker: MediaChecker?
    private let options: MediaCheckOptions

    /// A worker judging for the model `modelName` names (a `--model` id or an advertised name such as
    /// "Chromecast Ultra"; the strictest model when it names none).
    init(modelName: String) {
        let model = DeviceModel.named(modelName) ?? DeviceModel.advertised(modelName) ?? .strictest
        options = MediaCheckOptions(model: model)
    }

    /// Fetches and judges `pending`'s URL (or takes `forcedCode`), then calls `done` with the outcome, on the queue.
    func fetch(_ pending: PendingMediaLoad, forcedCode: Int?, done: @escaping @Sendable (MediaFetchOutcome) -> Void) {
        queue.async { [self] in
            if let forcedCode {
                done(.forced(forcedCode))
                return
            }
            do throws(MediaCheckError) {
                if checker == nil { checker = try MediaChecker(options: self.options) }
            } catch {
                done(MediaFetchOutcome(detailedErrorCode: 905, summary: "media check not possible: \(error)"))
                return
            }
            guard let checker else { return }
            let report = checker.check(pending.url, contentType: pending.contentType)
            done(MediaFetchOutcome(report: report))
        }
    }
}
