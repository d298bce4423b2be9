/// Why `media check` could not start (before any request).
public enum MediaCheckError: Error, Sendable, Hashable, CustomStringConvertible {
    /// libcurl could not be set up.
    case fetcherUnavailable(String)
    /// The public CA bundle could not be read.
    case trustBundle(path: String, reason: String)

    public var description: String {
        switch self {
        case .fetcherUnavailable(let reason): reason
        case .trustBundle(let path, let reason): "\(path): cannot read the CA bundle (\(reason))"
        }
    }
}
