import Testing
@testable import CastCLI

/// How each kind of option shows up in usage lines, help labels and help texts.
@Suite struct OptionSpecTests {
    @Test func usageBracketsOptionalRepeatableAndInvertibleForms() {
        #expect(OptionSpec.option("lines", short: "n", value: "n").usage == "[--lines <n>]")
        #expect(OptionSpec.option("host", required: true).usage == "--host <host>")
        #expect(OptionSpec.option("class", repeatable: true).usage == "[--class <class> ...]")
        #expect(OptionSpec.flag("follow", short: "f").usage == "[--follow]")
        #expect(OptionSpec.flag("verbose", counting: true).usage == "[--verbose ...]")
        #expect(OptionSpec.flag("color", inversion: true).usage == "[--color|--no-color]")
    }

    @Test func helpLabelShowsShortNameValueAndInversion() {
        #expect(OptionSpec.option("lines", short: "n", value: "n").helpLabel == "-n, --lines <n>")
        #expect(OptionSpec.flag("follow", short: "f").helpLabel == "-f, --follow")
        #expect(OptionSpec.flag("color", short: "c", inversion: true).helpLabel == "-c, --color/--no-color")
    }

    @Test func helpTextAppendsValuesAndDefault() {
        #expect(OptionSpec.option("output", help: "Format.", default: "text", values: ["text", "json"]).helpText
            == "Format. (values: text, json; default: text)")
        #expect(OptionSpec.option("lines", help: "Count.", default: "10").helpText == "Count. (default: 10)")
        #expect(OptionSpec.option("mode", values: ["a", "b"]).helpText == "(values: a, b)")
        #expect(OptionSpec.flag("color", help: "Colour.", inversion: true).helpText == "Colour. (default: --no-color)")
        #expect(OptionSpec.option("grep", help: "Pattern.").helpText == "Pattern.")
    }

    @Test func argumentUsageShowsOptionalAndRepeatingForms() {
        #expect(ArgumentSpec("file").usage == "<file>")
        #expect(ArgumentSpec("file", optional: true).usage == "[<file>]")
        #expect(ArgumentSpec("file", repeating: true).usage == "<file> ...")
        #expect(ArgumentSpec("file", optional: true, repeating: true).usage == "[<file> ...]")
    }
}
