#if canImport(Glibc)
import Glibc
#endif

/// A record as an RFC 5424 syslog message:
/// `<PRI>1 TIMESTAMP HOSTNAME castscope PROCID MSGID [castscope@32473 key="value"…] BOM message`.
///
/// PRI is facility user (1) with the severity `JournalEntry.priority` gives; MSGID is the GCK class (printable
/// ASCII, at most 32 characters); each metadata key is an SD-PARAM of the `castscope@32473` element, named as
/// RFC 5424 §6.3.3 allows (at most 32 printable characters, `=`, space, `]` and `"` turned into `_`) and valued
/// with `"`, `\` and `]` escaped by a backslash. The message is UTF-8 after a byte-order mark (§6.4).
struct SyslogMessage {
    /// The SD-ID: castscope's name at an enterprise number (32473 is the one RFC 5612 reserves for examples).
    static let structuredDataID = "castscope@32473"
    static let facilityUser = 1

    /// The header fields that do not change from one record to the next.
    struct Origin: Sendable {
        var hostName: String
        var appName: String
        var processID: String

        /// This host and process, as APP-NAME `appName`.
        static func current(appName: String) -> Origin {
            Origin(hostName: SyslogMessage.headerField(LogSocket.hostName() ?? "", limit: 255),
                   appName: SyslogMessage.headerField(appName, limit: 48),
                   processID: String(getpid()))
        }
    }

    /// The message bytes (without any transport framing).
    static func encode(_ record: LogRecord, origin: Origin) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(128 + record.message.utf8.count)
        let pri = facilityUser * 8 + JournalEntry.priority(record.level)
        out.append(contentsOf: "<\(pri)>1 \(record.timestamp.rfc3339) \(origin.hostName) \(origin.appName) "
            .utf8)
        out.append(contentsOf: "\(origin.processID) \(headerField(record.className, limit: 32)) ".utf8)
        appendStructuredData(record.metadata, to: &out)
        out.append(contentsOf: [0x20, 0xEF, 0xBB, 0xBF])
        out.append(contentsOf: record.message.utf8)
        return out
    }

    /// `text` as a header field: printable US-ASCII only (others become `_`), at most `limit`, `-` when empty.
    static func headerField(_ text: String, limit: Int) -> String {
        let bytes = text.utf8.prefix(limit).map { (33...126).contains($0) ? $0 : UInt8(ascii: "_") }
        return bytes.isEmpty ? "-" : String(decoding: bytes, as: UTF8.self)
    }

    /// An SD-NAME: printable US-ASCII without `=`, space, `]`, `"`, at most 32 bytes.
    static func parameterName(_ key: String) -> String {
        let bytes = key.utf8.prefix(32).map { byte -> UInt8 in
            (33...126).contains(byte) && byte != UInt8(ascii: "=") && byte != UInt8(ascii: "]")
                && byte != UInt8(ascii: "\"") ? byte : UInt8(ascii: "_")
        }
        return bytes.isEmpty ? "_" : String(decoding: bytes, as: UTF8.self)
    }

    private static func appendStructuredData(_ metadata: LogMetadata, to out: inout [UInt8]) {
        guard !metadata.isEmpty else {
            out.append(UInt8(ascii: "-"))
            return
        }
        out.append(contentsOf: "[\(structuredDataID)".utf8)
        for field in metadata.fields {
            out.append(contentsOf: " \(parameterName(field.key))=\"".utf8)
            for byte in field.value.text.utf8 {
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "]") {
                    out.append(UInt8(ascii: "\\"))
                }
                out.append(byte)
            }
            out.append(UInt8(ascii: "\""))
        }
        out.append(UInt8(ascii: "]"))
    }
}
