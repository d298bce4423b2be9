/// How much of a capture the HTML report keeps, so memory and file size stay bounded (under 50 MB for a
/// million messages with the defaults); whatever is left out is counted and said in the report.
public struct ReportLimits: Sendable {
    /// Message table rows kept from the start of the capture.
    public var headRows = 100_000
    /// Message table rows kept from the end of the capture.
    public var tailRows = 50_000
    /// Error rows kept from between head and tail.
    public var pinnedRows = 10_000
    /// Payload bytes (as escaped in the file) kept in full in the head rows; later payloads are shortened.
    public var payloadBudget = 16 << 20
    /// Bytes (as escaped in the file) a shortened payload keeps.
    public var shortPayloadBytes = 128
    /// Distinct strings (IDs, namespaces, flows, types) in the table's string table.
    public var distinctStrings = 50_000
    /// Findings listed (all are counted).
    public var findings = 10_000
    /// Connections with a sequence diagram.
    public var diagramConnections = 32
    /// Message arrows per diagram (heartbeats not counted).
    public var diagramRows = 200
    /// Heartbeat arrows kept per connection for the expanded view.
    public var diagramHeartbeats = 200
    /// Heartbeat times kept per connection for the folded lane's dots.
    public var heartbeatDots = 2_000
    /// App transports drawn as their own lifelines per connection (more share one "other apps" lifeline).
    public var transportLifelines = 5
    /// Discovery timeline lanes (instances).
    public var lanes = 64
    /// Marks per discovery lane.
    public var marksPerLane = 2_000
    /// Discovery timeline marks over all lanes together (each is an SVG shape with a title).
    public var marksInAllLanes = 20_000

    /// The default limits.
    public init() {}
}
