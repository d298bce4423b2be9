/// A command line shown under `EXAMPLES:` in help and man pages, with what it does.
public struct CommandExample: Sendable, Equatable {
    /// The command as typed, program name first.
    public var command: String
    /// What it does, one sentence.
    public var explanation: String

    /// An example: `command` and its `explanation`.
    public init(_ command: String, _ explanation: String) {
        self.command = command
        self.explanation = explanation
    }
}

/// What one exit status of a command means, for `EXIT STATUS` in help and man pages.
public struct ExitStatusMeaning: Sendable, Equatable {
    /// The status.
    public var code: Int32
    /// What it means for this command.
    public var meaning: String

    /// `code` means `meaning`.
    public init(_ code: Int32, _ meaning: String) {
        self.code = code
        self.meaning = meaning
    }

    /// What every command's statuses mean unless it says otherwise (`CommandLineTool`'s mapping).
    public static let standard: [ExitStatusMeaning] = [
        ExitStatusMeaning(0, "Success."),
        ExitStatusMeaning(CommandLineTool.failureCode, "A runtime failure: a file, the network or a device failed; "
                          + "the error says which."),
        ExitStatusMeaning(CommandLineTool.usageErrorCode, "A usage error: the arguments or environment variables do "
                          + "not fit the command."),
    ]

    /// `own` over `standard`: a status the command documents replaces the standard one; sorted by code.
    public static func merged(_ own: [ExitStatusMeaning]) -> [ExitStatusMeaning] {
        let codes = Set(own.map(\.code))
        return (standard.filter { !codes.contains($0.code) } + own).sorted { $0.code < $1.code }
    }
}

/// An environment variable the tool reads, for `ENVIRONMENT` in man pages.
public struct EnvironmentVariable: Sendable, Equatable {
    /// Its name.
    public var name: String
    /// What it does.
    public var meaning: String

    /// `name` does `meaning`.
    public init(_ name: String, _ meaning: String) {
        self.name = name
        self.meaning = meaning
    }
}
