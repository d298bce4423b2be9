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
    public var dns: DNSMessage? { parts.layout?.message }
    /// The decoded message as places in its packet (built into a model only when read).
    var layout: DNSMessageLayout? { parts.layout }
    var sourceEndpoint: Address { parts.source }
    var destinationEndpoint: Address { parts.destination }
    private var given: (message: JSONValue, summary: String)? { parts.given }
    /// The parts that hold references, in one box: an event is copied on its way to every reader, and copying one
    /// reference costs less than copying the message's sections and both addresses (about 8 % of an mDNS run).
    private let parts: Parts

    private final class Parts: Sendable {
        let layout: DNSMessageLayout?
        let source: Address
        let destination: Address
        let given: (message: JSONValue, summary: String)?

        init(layout: DNSMessageLayout?, source: Address, destination: Address,
             given: (message: JSONValue, summary: String)?) {
            self.layout = layout
            self.source = source
            self.destination = destination
            self.given = given
        }
    }

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
        func appendJSON(to out: inout OutputBuffer) {
            switch self {
            case .endpoint(let endpoint):
                // Digits, dots, colons and hex: nothing to escape.
                out.appendByte(UInt8(ascii: "\""))
                endpoint.appendLabel(to: &out)
                out.appendByte(UInt8(ascii: "\""))
            case .text(let text):
                JSONString.appendQuoted(text, to: &out)
            }
        }
    }

    /// An event for a decoded message (what the analyser makes).
    init(time: LogTimestamp, source: FlowEndpoint, destination: FlowEndpoint, layout: DNSMessageLayout,
         error: String?, legacyUnicast: Bool, isResponse: Bool) {
        self.time = time
        parts = Parts(layout: layout, source: .endpoint(source), destination: .endpoint(destination), given: nil)
        self.error = error
        self.legacyUnicast = legacyUnicast
        self.isResponse = isResponse
    }

    /// An event from its parts, the message already in its `castscope decode dns` JSON form.
    public init(time: LogTimestamp, source: String, destination: String, message: JSONValue, error: String?,
                legacyUnicast: Bool, isResponse: Bool, responseTime: Double? = nil, summary: String) {
        self.time = time
        parts = Parts(layout: nil, source: .text(source), destination: .text(destination), given: (message, summary))
        self.error = error
        self.legacyUnicast = legacyUnicast
        self.isResponse = isResponse
        self.responseTime = responseTime
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
