import CastTestSupport

/// Where the built castscope binary is (next to the test bundle).
enum CastTestSupportPath {
    static var castscope: String { CastscopeProcess.executablePath ?? "castscope" }
}
