import CastCLI
import CastLog
import Foundation

/// `--log-to TARGET` (repeatable) and `CASTSCOPE_LOG_TO`, shared by every command that logs.
enum LogTargetArguments {
    static let option = OptionSpec.option(
        "log-to", value: "target",
        help: "Also send logs to journal[:PATH], syslog+udp://H:P, syslog+tcp://H:P, syslog+unix:PATH or file:PATH "
            + "(repeatable; also $CASTSCOPE_LOG_TO, comma-separated).",
        repeatable: true)

    /// The targets of `--log-to` then of `CASTSCOPE_LOG_TO`; a bad one is a usage error.
    static func targets(_ invocation: Invocation, environment: [String: String]) throws -> [LogTarget] {
        var targets: [LogTarget] = []
        for text in invocation.options("log-to") {
            do { targets.append(try LogTarget.parse(text)) } catch {
                throw CommandLineError(.invalidValue, "--log-to: \(error)")
            }
        }
        if let list = environment[LogTarget.environmentVariable] {
            do { targets += try LogTarget.parseList(list) } catch {
                throw CommandLineError(.invalidValue, "\(LogTarget.environmentVariable): \(error)")
            }
        }
        return targets
    }

    /// Adds a sink per target to `logger`; a target that cannot even be opened (a file in a missing folder) is an
    /// error, one that is only down now (no journal, no syslog daemon) drops its records and says so once.
    static func install(_ invocation: Invocation, on logger: Logger) throws {
        for target in try targets(invocation, environment: ProcessInfo.processInfo.environment) {
            logger.addSink(try target.makeSink())
        }
    }
}
