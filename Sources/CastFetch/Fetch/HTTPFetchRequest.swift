import Foundation

/// One HTTP request as `media check` sends it: a method, extra header fields, a body limit and a timeout.
public struct HTTPFetchRequest: Sendable, Hashable {
    /// The methods a receiver's fetches use.
    public enum Method: String, Sendable, Hashable {
        case get = "GET", head = "HEAD", options = "OPTIONS"
    }

    /// An absolute http or https URL.
    public var url: String
    public var method: Method
    /// Extra request header fields, in order (`Range`, `Origin`, `User-Agent`…).
    public var headers: [HTTPHeaderField]
    /// At most this many body bytes are read; the transfer stops there (the response says it was cut).
    public var bodyLimit: Int
    /// Connect and whole-transfer timeout, in seconds.
    public var timeout: Double
    /// Whether to keep the server's certificate chain (https).
    public var collectCertificates: Bool

    /// A request for `url`.
    public init(url: String, method: Method = .get, headers: [HTTPHeaderField] = [], bodyLimit: Int = 2 << 20,
                timeout: Double = 10, collectCertificates: Bool = true) {
        self.url = url
        self.method = method
        self.headers = headers
        self.bodyLimit = bodyLimit
        self.timeout = timeout
        self.collectCertificates = collectCertificates
    }
}

/// One header field.
public struct HTTPHeaderField: Sendable, Hashable {
    public var name: String
    public var value: String

    /// The field `name: value`.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// A response's header fields, looked up without regard to case, as HTTP names are.
public struct HTTPHeaders: Sendable, Hashable {
    /// The fields in the order the server sent them.
    public var fields: [HTTPHeaderField]

    /// Headers holding `fields`.
    public init(_ fields: [HTTPHeaderField] = []) {
        self.fields = fields
    }

    /// The first value of `name`, nil when absent.
    public subscript(name: String) -> String? {
        fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
