import CastJSON

/// Reads `requestId` the way a sender does: by parsing the payload.
enum JSONRequestID {
    static func parse(_ text: String) throws -> Int64 {
        try JSONValue(parsing: text)["requestId"]?.intValue ?? 0
    }

    /// The payload's `type`, if it parses.
    static func type(of text: String) -> String? {
        (try? JSONValue(parsing: text))?["type"]?.stringValue
    }
}
