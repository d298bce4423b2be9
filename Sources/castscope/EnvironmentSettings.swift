import CastCLI
import CastDiscovery
import CastLog
import Foundation

/// The environment variables castscope reads, under one rule for every command: unset or empty means absent, a bad
/// value is a usage error naming the variable (exit 64), checked before the command does anything.
enum EnvironmentSettings {
    /// Every variable with its meaning, for the man pages (ENVIRONMENT).
    static let documented: [EnvironmentVariable] = [
        EnvironmentVariable("CASTSCOPE_LOG", "The console log filter when no filter option is given, e.g. "
            + "\"warning,GCKUI*=verbose,GCK*Session=debug\"."),
        EnvironmentVariable(LogTarget.environmentVariable, "More log targets, comma-separated, as --log-to takes them."),
        EnvironmentVariable(KnownDevices.environmentVariable, "Devices by name without mDNS: \"NAME=HOST[:PORT];…\"."),
        EnvironmentVariable("SSLKEYLOGFILE", "Where cast and receiver write TLS secrets when --keylog is not given."),
        EnvironmentVariable("NO_COLOR", "When set, no colours, even on a terminal."),
        EnvironmentVariable("COLUMNS", "The width help pages wrap to."),
    ]

    /// `CASTSCOPE_LOG` as a filter, nil when unset or empty.
    static func logFilter(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> LoggerFilter?
    {
        guard let value = environment["CASTSCOPE_LOG"], !value.isEmpty else { return nil }
        do {
            return try FilterFile.parseEnvironment(value)
        } catch {
            throw CommandLineError(.invalidValue, "\(error)")
        }
    }

    /// Checks every variable (a command reading one later finds it valid).
    static func validate(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        _ = try logFilter(environment)
        _ = try LogTargetArguments.environmentTargets(environment)
        // The commands read the devices themselves (`KnownDevices.from`); here only whether the list parses.
        if let value = environment[KnownDevices.environmentVariable], !value.isEmpty {
            do { _ = try KnownDevices.parse(value) } catch { throw CommandLineError(.invalidValue, "\(error)") }
        }
    }

    /// `spec` with every handler in its tree run after `validate()`.
    static func validating(_ spec: CommandSpec) -> CommandSpec {
        var spec = spec
        if let run = spec.run {
            spec.run = { invocation, io in
                try validate()
                return try await run(invocation, io)
            }
        }
        spec.subcommands = spec.subcommands.map(validating)
        return spec
    }
}
