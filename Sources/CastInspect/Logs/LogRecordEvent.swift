public import CastLog
import CastWire

/// One castscope log record placed on the capture's timeline, with the Cast messages it is linked to.
public struct LogRecordEvent: Sendable {
    /// The record as parsed from its file.
    public var record: LogRecord
    /// The record's time on the capture's clock (its timestamp plus `--log-offset`).
    public var time: LogTimestamp
    /// The log file it came from.
    public var file: String
    /// Its 1-based line number in that file.
    public var line: Int
    /// The Cast messages it is linked to by `cast.request_id`, `cast.transport`, `cast.ns`, `cast.src`/`cast.dst`,
    /// in capture order.
    public var links: [LogLink]

    /// An event from its parts.
    public init(record: LogRecord, time: LogTimestamp, file: String, line: Int, links: [LogLink] = []) {
        self.record = record
        self.time = time
        self.file = file
        self.line = line
        self.links = links
    }

    /// The request id the record names (`cast.request_id`, an integer or a decimal string).
    public var requestID: Int64? {
        switch record.metadata["cast.request_id"] {
        case .int(let value)?: value
        case .string(let text)?: Int64(text)
        case .double(let value)? where value == value.rounded() && abs(value) < 1e15: Int64(value)
        default: nil
        }
    }

    /// A string metadata value (`cast.transport`, `cast.ns`…), if present.
    public func text(_ key: String) -> String? {
        switch record.metadata[key] {
        case .string(let text)?: text
        case .int(let value)?: String(value)
        default: nil
        }
    }
}

/// A reference from a log record to one Cast message of the capture.
public struct LogLink: Sendable, Hashable {
    /// Capture time of the message.
    public var time: LogTimestamp
    /// Its flow (`client ip:port-server ip:port`).
    public var flow: String
    /// Which way it went.
    public var direction: FlowDirection
    /// Its namespace.
    public var namespace: String
    /// Its payload `type`, if any.
    public var type: String?
    /// Its payload `requestId`, if any.
    public var requestID: Int64?
    /// Its source id.
    public var sourceID: String
    /// Its destination id.
    public var destinationID: String
    /// Offset of its frame in the direction's stream (with flow and direction, names the message uniquely).
    public var offset: Int

    /// The link to `record`.
    public init(_ record: CastMessageRecord) {
        time = record.time
        flow = record.flow
        direction = record.direction
        namespace = record.message.namespace
        type = record.type
        requestID = record.requestID
        sourceID = record.message.sourceID
        destinationID = record.message.destinationID
        offset = record.offset
    }
}
