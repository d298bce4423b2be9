/// A record as journald's native protocol wants it: `NAME=value\n` per field, or, for a value holding a newline,
/// `NAME\n`, its length as 64-bit little-endian and the value then `\n`.
///
/// Field names: `MESSAGE`, `PRIORITY` (`JournalEntry.priority`), `SYSLOG_IDENTIFIER`, `CODE_FILE`, `CODE_LINE`,
/// `CODE_FUNC`, `GCK_CLASS`, `GCK_LEVEL`, then each metadata key through `JournalFieldNames`.
struct JournalEntry {
    /// The fields castscope always sends; a metadata key never takes one of these names.
    static let fixedFields: Set<String> = [
        "MESSAGE", "PRIORITY", "SYSLOG_IDENTIFIER", "CODE_FILE", "CODE_LINE", "CODE_FUNC", "GCK_CLASS", "GCK_LEVEL",
        "SYSLOG_PID",
    ]

    /// The syslog severity of a GCK level, as journald's `PRIORITY` and syslog's PRI use it: verbose and debug → 7
    /// (debug), info → 6, warning → 4, error → 3, assert → 2 (critical).
    static func priority(_ level: LogLevel) -> Int {
        switch level {
        case .none, .verbose, .debug: 7
        case .info: 6
        case .warning: 4
        case .error: 3
        case .assert: 2
        }
    }

    private(set) var bytes: [UInt8] = []

    /// The entry for `record`, its keys named by `names`.
    init(_ record: LogRecord, identifier: String, names: inout JournalFieldNames) {
        bytes.reserveCapacity(256 + record.message.utf8.count)
        append("MESSAGE", record.message)
        append("PRIORITY", String(Self.priority(record.level)))
        append("SYSLOG_IDENTIFIER", identifier)
        append("CODE_FILE", record.file)
        append("CODE_LINE", String(record.line))
        append("CODE_FUNC", record.function)
        append("GCK_CLASS", record.className)
        append("GCK_LEVEL", record.level.name)
        for (name, field) in zip(names.names(for: record.metadata), record.metadata.fields) {
            append(name, field.value.text)
        }
    }

    private mutating func append(_ name: String, _ value: String) {
        bytes.append(contentsOf: name.utf8)
        if value.utf8.contains(UInt8(ascii: "\n")) {
            bytes.append(UInt8(ascii: "\n"))
            var length = UInt64(value.utf8.count).littleEndian
            withUnsafeBytes(of: &length) { bytes.append(contentsOf: $0) }
        } else {
            bytes.append(UInt8(ascii: "="))
        }
        bytes.append(contentsOf: value.utf8)
        bytes.append(UInt8(ascii: "\n"))
    }
}

/// Journal field names for metadata keys: upper-cased, every character outside `A-Z0-9` turned into `_`
/// (`cast.request_id` → `CAST_REQUEST_ID`), `F_` put before a name journald would refuse (one starting with a
/// digit or `_`), cut to 64 bytes; a name already taken in the record — by a fixed field or an earlier key — gets
/// `_2`, `_3`… so no value is lost.
struct JournalFieldNames {
    static let maximumLength = 64
    private var cache: [String: String] = [:]

    /// The names of `metadata`'s keys, in order, each distinct.
    mutating func names(for metadata: LogMetadata) -> [String] {
        var taken = JournalEntry.fixedFields
        var result: [String] = []
        result.reserveCapacity(metadata.fields.count)
        for field in metadata.fields {
            let base = name(for: field.key)
            var candidate = base
            var suffix = 2
            while taken.contains(candidate) {
                let tail = "_\(suffix)"
                candidate = String(base.prefix(Self.maximumLength - tail.count)) + tail
                suffix += 1
            }
            taken.insert(candidate)
            result.append(candidate)
        }
        return result
    }

    /// The journal name of one key, before collisions are resolved.
    mutating func name(for key: String) -> String {
        if let known = cache[key] { return known }
        var name = String(String.UnicodeScalarView(key.unicodeScalars.map { scalar -> Unicode.Scalar in
            switch scalar {
            case "a"..."z": Unicode.Scalar(scalar.value - 32) ?? "_"
            case "A"..."Z", "0"..."9": scalar
            default: "_"
            }
        }))
        if name.isEmpty || name.first == "_" || name.first?.isNumber == true { name = "F_" + name }
        name = String(name.prefix(Self.maximumLength))
        if cache.count < 4096 { cache[key] = name }
        return name
    }
}
