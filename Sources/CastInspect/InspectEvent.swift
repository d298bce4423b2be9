public import CastLog

/// What the inspector reports, in capture order.
public enum InspectEvent: Sendable {
    /// A decoded mDNS message.
    case mdns(MDNSEvent)
    /// A TLS handshake fact (negotiation, certificate, alert, decryption failure).
    case tls(TLSReportEvent)
    /// A Cast message.
    case cast(CastMessageRecord)
    /// A finding.
    case finding(Finding)
    /// A castscope log record merged into the capture's timeline (`--log`), with its links to Cast messages.
    case log(LogRecordEvent)
    /// A connection a device made to a LOAD's media host (reported at the end of the capture).
    case mediaFetch(MediaFetchEvent)
}

/// One TLS fact of a connection.
public struct TLSReportEvent: Sendable {
    /// What happened: "handshake", "certificate", "alert", "decryptFailed".
    public var event: String
    /// Capture time.
    public var time: LogTimestamp
    /// The flow.
    public var flow: String
    /// The session parameters known so far.
    public var session: TLSSessionInfo?
    /// Extra fields (certificate subject, validity, alert…), in order.
    public var details: [(String, String)]
}

/// Totals for the whole run.
public struct InspectSummary: Sendable, Hashable {
    /// Packets read.
    public var packets = 0
    /// Captured bytes read.
    public var bytes = 0
    /// TCP connections seen.
    public var flows = 0
    /// mDNS messages decoded.
    public var mdnsMessages = 0
    /// Cast messages decoded.
    public var castMessages = 0
    /// TLS records decrypted.
    public var decryptedRecords = 0
    /// TLS records left encrypted (no keys or tag failure).
    public var undecryptedRecords = 0
    /// Packets cut short by the capture's snaplen.
    public var truncatedPackets = 0
    /// Gaps in TCP streams.
    public var gaps = 0
    /// Findings reported.
    public var findings = 0
    /// Log files merged (`--log`); the log counts below are reported only when this is not 0.
    public var logFiles = 0
    /// Log records merged.
    public var logRecords = 0
    /// Log records linked to at least one Cast message.
    public var linkedLogRecords = 0
    /// Log lines that were not records (skipped).
    public var badLogLines = 0
}
