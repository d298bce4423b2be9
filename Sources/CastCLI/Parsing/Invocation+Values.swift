/// Typed access to option and argument values; a bad value throws a usage error with a `Help:` line.
extension Invocation {
    /// The value of the option or positional argument `name` converted by `transform`; nil when absent.
    ///
    /// - Parameter expected: what a valid value looks like, appended to the error (`expected an integer`).
    public func value<T>(
        _ name: String, expected: String, _ transform: (String) -> T?
    ) throws(CommandLineError) -> T? {
        let raw: String? = isOption(name) ? option(name) : argument(name)
        guard let raw else { return nil }
        return try convert(raw, name: name, expected: expected, transform)
    }

    /// Every value of a repeatable option or repeating argument `name`, converted by `transform`.
    public func values<T>(
        _ name: String, expected: String, _ transform: (String) -> T?
    ) throws(CommandLineError) -> [T] {
        let raws = isOption(name) ? options(name) : arguments(name)
        var converted: [T] = []
        converted.reserveCapacity(raws.count)
        for raw in raws { converted.append(try convert(raw, name: name, expected: expected, transform)) }
        return converted
    }

    /// The value as a decimal integer, optionally limited to `range`.
    public func integer(_ name: String, in range: ClosedRange<Int>? = nil) throws(CommandLineError) -> Int? {
        let expected = range.map { "expected an integer from \($0.lowerBound) to \($0.upperBound)" }
            ?? "expected an integer"
        return try value(name, expected: expected) { text in
            ValueParser.integer(text).flatMap { number in range.map { $0.contains(number) } ?? true ? number : nil }
        }
    }

    /// The value as a duration (`500ms`, `4s`, `2m`, `1h`, or plain seconds `4`, `0.5`).
    public func duration(_ name: String) throws(CommandLineError) -> Duration? {
        try value(name, expected: Self.durationExpectation, ValueParser.duration)
    }

    /// The value as a duration in seconds (`500ms` is 0.5).
    public func seconds(_ name: String) throws(CommandLineError) -> Double? {
        try value(name, expected: Self.durationExpectation, ValueParser.seconds)
    }

    /// The value as one of an enumeration's cases, matched by raw value.
    public func choice<Choice: RawRepresentable & CaseIterable>(
        _ name: String, as type: Choice.Type = Choice.self
    ) throws(CommandLineError) -> Choice? where Choice.RawValue == String {
        let names = Choice.allCases.map { "'\($0.rawValue)'" }
        return try value(name, expected: "expected one of " + names.joined(separator: ", "), Choice.init(rawValue:))
    }

    /// What the duration helpers accept, for their error message.
    static let durationExpectation = "expected a duration like 500ms, 4s, 2m or seconds (4, 0.5)"

    private func isOption(_ name: String) -> Bool {
        specs.contains { $0.options.contains { $0.long == name } }
    }

    private func convert<T>(
        _ raw: String, name: String, expected: String, _ transform: (String) -> T?
    ) throws(CommandLineError) -> T {
        if let value = transform(raw) { return value }
        let (label, help): (String, String)
        if isOption(name) {
            let spec = declaredOption(name)
            (label, help) = (spec.displayName(), spec.help)
        } else {
            let spec = declaredArgument(name)
            (label, help) = ("<\(spec.name)>", spec.help)
        }
        throw CommandLineError(
            .invalidValue, "The value '\(raw)' is invalid for '\(label)': \(expected)", commandPath: commandPath,
            help: help.isEmpty ? nil : "\(label)  \(help)")
    }
}
