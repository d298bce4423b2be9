extension Redactor {
    /// Replaces sensitive members of JSON that sits, escaped, inside a JSON string — a Cast `payloadUtf8` logged as
    /// part of a larger JSON object: `{"payloadUtf8":"{\"credentials\":\"s3cret\"}"}`.
    static func redactEscapedJSONMembers(_ bytes: inout [UInt8]) -> Bool {
        let backslash = UInt8(ascii: "\\")
        let quote = UInt8(ascii: "\"")
        var changed = false
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == backslash, bytes[index + 1] == quote else {
                index += 1
                continue
            }
            // A key: \"name\" followed by optional spaces and ':'.
            let keyStart = index + 2
            guard let keyEnd = findEscapedQuote(bytes, from: keyStart) else { return changed }
            var cursor = keyEnd + 2
            while cursor < bytes.count, bytes[cursor] == 0x20 { cursor += 1 }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":"),
                isSensitiveName(String(decoding: bytes[keyStart..<keyEnd], as: UTF8.self))
            else {
                index = keyEnd + 2
                continue
            }
            cursor += 1
            while cursor < bytes.count, bytes[cursor] == 0x20 { cursor += 1 }
            let valueEnd: Int
            if cursor + 1 < bytes.count, bytes[cursor] == backslash, bytes[cursor + 1] == quote {
                guard let close = findEscapedQuote(bytes, from: cursor + 2) else { return changed }
                valueEnd = close + 2
            } else {
                var end = cursor
                while end < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), backslash, quote]
                    .contains(bytes[end])
                {
                    end += 1
                }
                valueEnd = end
            }
            let replacement = Array("\\\"\(placeholder)\\\"".utf8)
            bytes.replaceSubrange(cursor..<valueEnd, with: replacement)
            changed = true
            index = cursor + replacement.count
        }
        return changed
    }

    /// Index of the next `\"` at or after `start`, or nil.
    private static func findEscapedQuote(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") {
                if bytes[index + 1] == UInt8(ascii: "\"") { return index }
                // `\\\"` is an escaped quote inside the inner string, not its end: skip all four bytes.
                let innerQuote = index + 3 < bytes.count && bytes[index + 2] == UInt8(ascii: "\\")
                    && bytes[index + 3] == UInt8(ascii: "\"")
                index += innerQuote ? 4 : 2
                continue
            }
            index += 1
        }
        return nil
    }
}
