import CastCLI
import CastDiscovery
import CastFetch
import CastMedia

/// `cast load URL --preflight`: `media check` on the URL before the LOAD, judged for the device's own model (from
/// its advertised name, `--model` to say otherwise); its problems are printed as warnings on stderr and the LOAD
/// goes ahead, since the device has the last word.
enum CastPreflight {
    /// Checks `url` for `device` and prints what stands in the way; returns the verdict.
    @discardableResult
    static func run(url: String, contentType: String?, modelName: String?, device: Device,
                    _ io: any CommandOutput) async -> MediaVerdict? {
        let model = modelName.flatMap(DeviceModel.named) ?? device.modelName.flatMap(DeviceModel.advertised)
            ?? .strictest
        var options = MediaCheckOptions(model: model)
        options.contentType = contentType
        let checkOptions = options
        let outcome: Result<MediaCheckReport, MediaCheckError> = await Task.detached {
            do throws(MediaCheckError) {
                return .success(try MediaChecker(options: checkOptions).check(url))
            } catch {
                return .failure(error)
            }
        }.value
        switch outcome {
        case .failure(let error):
            io.printError("preflight: not run: \(error)")
            return nil
        case .success(let report):
            io.printError("preflight: \(report.verdict.rawValue) on \(model.name) (\(model.id))")
            for reason in report.reasons where reason.severity != .info {
                io.printError("preflight: \(reason.severity.rawValue) \(reason.code.rawValue): \(reason.message)")
                io.printError("preflight:   fix: \(reason.fix)")
            }
            return report.verdict
        }
    }
}
