/// Receives every record that passes the filter, like `GCKLoggerDelegate`. Called on the logging thread (or the
/// asynchronous logger's thread), so implementations must be thread-safe.
public protocol LoggerDelegate: AnyObject, Sendable {
    /// A record's message with its metadata appended, its level, `-[Class function]` and `File.swift:line`.
    func logMessage(_ message: String, at level: LogLevel, fromFunction function: String, location: String)

    /// The structured record; the default implementation forwards to `logMessage(_:at:fromFunction:location:)`.
    func logRecord(_ record: LogRecord)
}

extension LoggerDelegate {
    public func logRecord(_ record: LogRecord) {
        logMessage(
            record.messageWithMetadata, at: record.level,
            fromFunction: "-[\(record.className) \(record.functionBaseName)]", location: record.location)
    }
}

extension LogRecord {
    /// The message followed by ` key=value` for each metadata field, as the text format shows it.
    public var messageWithMetadata: String {
        guard !metadata.isEmpty else { return message }
        var out = Array(message.utf8)
        for field in metadata {
            out.append(UInt8(ascii: " "))
            ByteWriting.appendKeyValue(field.key, field.value.text, to: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Holds the delegate weakly, as `GCKLogger.delegate` does; never mutated after creation.
final class WeakDelegateBox: @unchecked Sendable {
    weak var delegate: (any LoggerDelegate)?
    init(_ delegate: (any LoggerDelegate)?) { self.delegate = delegate }
}
