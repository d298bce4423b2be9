public import CastJSON
public import CastLog
public import CastWire

/// One decoded mDNS message with its addresses.
///
/// The message is kept decoded; its JSON form, its one-line summary and the address texts are made only when
/// something reads them, so a run that prints no mDNS line (`--quiet`, a report without the transcript) never
/// builds them.
public struct MDNSEvent: Sendable {
    /// Capture time.
    public var time: LogTimestamp
    /// The decode fault, if any.
    public var error: String?
    /// True for a legacy unicast query (source port not 5353) or the response to one.
    public var legacyUnicast: Bool
    /// True for a response, false for a query.
    public var isResponse: Bool
    /// For a response that answers an earlier query: seconds since that query.
    public var responseTime: Double?
    /// The decoded message (what decoded, when it is cut); nil for an event built from JSON.
    public let dns: DNSMessage?
    let sourceEndpoint: Address
    let destinationEndpoint: Address
    private let given: (message: JSONValue, summary: String)?

    /// An address as bytes and port, or as text given by whoever built the event.
    enum Address: Sendable {
        case endpoint(FlowEndpoint)
        case text(String)

        var description: String {
            switch self {
            case .endpoint(let endpoint): endpoint.label
            case .text(let text): text
            }
        }

        /// The description as a JSON string, appended to `out`.
        func appendJSON(to out: inout [UInt8]) {
            switch self {
            case .endpoint(let endpoint):
                // Digits, dots, colons and hex: nothing to escape.
                out.append(UInt8(ascii: "\""))
                endpoint.appendLabel(to: &out)
                out.append(UInt8(ascii: "\""))
            case .text(let text):
                JSONString.appendQuoted(text, to: &out)
            }
        }
    }

    /// An event for a decoded message (what the analyser makes).
    init(time: LogTimestamp, source: FlowEndpoint, destination: FlowEndpoint, dns: DNSMessage, error: String?,
         legacyUnicast: Bool, isResponse: Bool) {
        self.time = time
        sourceEndpoint = .endpoint(source)
        destinationEndpoint = .endpoint(destination)
        self.dns = dns
        self.error = error
        self.legacyUnicast = legacyUnicast
        self.isResponse = isResponse
        given = nil
    }

    /// An event from its parts, the message already in its `castscope decode dns` JSON form.
    public init(time: LogTimestamp, source: String, destination: String, message: JSONValue, error: String?,
                legacyUnicast: Bool, isResponse: Bool, responseTime: Double? = nil, summary: String) {
        self.time = time
        sourceEndpoint = .text(source)
        destinationEndpoint = .text(destination)
        dns = nil
        self.error = error
        self.legacyUnicast = legacyUnicast
        self.isResponse = isResponse
        self.responseTime = responseTime
        given = (message, summary)
    }

    /// Source `ip:port`.
    public var source: String { sourceEndpoint.description }
    /// Destination `ip:port`.
    public var destination: String { destinationEndpoint.description }
    /// The `castscope decode dns` JSON of the message (what decoded, when it is cut).
    public var message: JSONValue {
        if let dns { return DNSMessageDump.jsonValue(for: dns) }
        return given?.message ?? .null
    }
    /// A one-line summary for the readable report.
    public var summary: String {
        if let dns { return MDNSAnalyzer.summarise(dns, isResponse: isResponse) }
        return given?.summary ?? ""
    }
}
