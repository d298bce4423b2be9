/// Removes secrets from records before any sink sees them: JSON members named like credentials, passwords, tokens
/// or authorization; URL query parameters named like tokens, keys or signatures; `Authorization:` header values;
/// metadata whose key names such a secret; and every value marked `.secret`.
public enum Redactor {
    /// What a redacted value is replaced with.
    public static let placeholder = "<redacted>"

    /// Redacts `record` in place.
    public static func redact(_ record: inout LogRecord) {
        // Most messages hold no trigger byte: leave the record's string untouched then (no retain, no store).
        if let redacted = redactedText(record.message) { record.message = redacted }
        guard !record.metadata.isEmpty else { return }
        for index in record.metadata.fields.indices {
            let field = record.metadata.fields[index]
            switch field.value {
            case .secret:
                record.metadata.fields[index].value = .string(placeholder)
            case _ where isSensitiveName(lastComponent(of: field.key)):
                record.metadata.fields[index].value = .string(placeholder)
            case .string(let text):
                if let redacted = redactedText(text) { record.metadata.fields[index].value = .string(redacted) }
            default:
                break
            }
        }
    }

    /// `text` with secrets replaced; returns `text` itself when there is nothing to redact.
    public static func redactText(_ text: String) -> String {
        redactedText(text) ?? text
    }

    /// `text` with secrets replaced, or nil when nothing was redacted.
    static func redactedText(_ text: String) -> String? {
        let (hasQuote, hasEquals, hasColon) = ByteWriting.withMessageUTF8(text) { scanTriggers($0) }
        guard hasQuote || hasEquals || hasColon else { return nil }
        var bytes = Array(text.utf8)
        var changed = false
        if hasQuote {
            changed = redactJSONMembers(&bytes) || changed
            changed = redactEscapedJSONMembers(&bytes) || changed
        }
        if hasEquals { changed = redactQueryParameters(&bytes) || changed }
        if hasColon || hasEquals { changed = redactAuthorizationHeaders(&bytes) || changed }
        return changed ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// Whether `bytes` hold `"`, `=` or `:`, checked eight bytes at a time (the common message has none).
    private static func scanTriggers(_ bytes: UnsafeBufferPointer<UInt8>) -> (Bool, Bool, Bool) {
        guard let base = bytes.baseAddress else { return (false, false, false) }
        var quote: UInt64 = 0
        var equals: UInt64 = 0
        var colon: UInt64 = 0
        var index = 0
        while index + 8 <= bytes.count {
            // SAFETY: index + 8 <= bytes.count.
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            quote |= zeroBytes(word ^ 0x2222_2222_2222_2222)
            equals |= zeroBytes(word ^ 0x3D3D_3D3D_3D3D_3D3D)
            colon |= zeroBytes(word ^ 0x3A3A_3A3A_3A3A_3A3A)
            index += 8
        }
        if index < bytes.count, bytes.count >= 8 {
            // The last eight bytes, overlapping ones already seen: finding a byte twice changes nothing.
            // SAFETY: bytes.count >= 8.
            let word = UnsafeRawPointer(base + bytes.count - 8).loadUnaligned(as: UInt64.self)
            quote |= zeroBytes(word ^ 0x2222_2222_2222_2222)
            equals |= zeroBytes(word ^ 0x3D3D_3D3D_3D3D_3D3D)
            colon |= zeroBytes(word ^ 0x3A3A_3A3A_3A3A_3A3A)
            index = bytes.count
        }
        var tail = (quote != 0, equals != 0, colon != 0)
        while index < bytes.count {
            switch base[index] {
            case 0x22: tail.0 = true
            case 0x3D: tail.1 = true
            case 0x3A: tail.2 = true
            default: break
            }
            index += 1
        }
        return tail
    }

    /// High bit set in each byte of the result whose byte in `word` is zero (no false positives from borrows
    /// matter here: any set bit only sends the text to the exact passes).
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    // MARK: Names

    /// JSON member and metadata names that hold secrets.
    static func isSensitiveName(_ name: some StringProtocol) -> Bool {
        let lower = name.lowercased()
        if ["credentials", "authorization", "password", "passwd", "token", "secret", "apikey", "api_key", "cookie"]
            .contains(lower)
        {
            return true
        }
        return lower.hasSuffix("token") || lower.hasSuffix("password") || lower.hasSuffix("secret")
    }

    /// URL query parameter names that hold secrets (`token`, `access_token`, `key`, `sig`, `X-Amz-Signature`…).
    static func isSensitiveQueryName(_ name: some StringProtocol) -> Bool {
        let lower = name.lowercased()
        let exact: Set<String> = [
            "token", "key", "apikey", "api_key", "api-key", "sig", "signature", "secret", "password", "passwd", "pass",
            "auth", "authorization", "credential", "credentials", "code", "session_token", "access_token",
        ]
        if exact.contains(lower) { return true }
        return ["token", "_key", "-key", "signature", "secret", "password", "credential"].contains { lower.hasSuffix($0) }
    }

    private static func lastComponent(of key: String) -> Substring {
        guard let dot = key.lastIndex(of: ".") else { return key[...] }
        return key[key.index(after: dot)...]
    }

    // MARK: Passes over the bytes

    /// Replaces the values of sensitive `"name": value` members (strings, numbers, objects, arrays alike).
    private static func redactJSONMembers(_ bytes: inout [UInt8]) -> Bool {
        var changed = false
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\"") else {
                index += 1
                continue
            }
            let keyStart = index + 1
            let keyEnd = endOfString(bytes, openingQuote: index)
            guard keyEnd < bytes.count else { return changed }
            var cursor = skipSpaces(bytes, from: keyEnd + 1)
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":"),
                isSensitiveName(String(decoding: bytes[keyStart..<keyEnd], as: UTF8.self))
            else {
                index = keyEnd + 1
                continue
            }
            cursor = skipSpaces(bytes, from: cursor + 1)
            let valueEnd = endOfJSONValue(bytes, from: cursor)
            guard valueEnd > cursor else {
                index = cursor
                continue
            }
            let replacement = Array("\"\(placeholder)\"".utf8)
            bytes.replaceSubrange(cursor..<valueEnd, with: replacement)
            changed = true
            index = cursor + replacement.count
        }
        return changed
    }

    /// Replaces values of sensitive `?name=value` / `&name=value` query parameters.
    private static func redactQueryParameters(_ bytes: inout [UInt8]) -> Bool {
        var changed = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "?") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "#") else { continue }
            var nameEnd = index
            while nameEnd < bytes.count, isNameByte(bytes[nameEnd]) { nameEnd += 1 }
            guard nameEnd > index, nameEnd < bytes.count, bytes[nameEnd] == UInt8(ascii: "="),
                isSensitiveQueryName(String(decoding: bytes[index..<nameEnd], as: UTF8.self))
            else { continue }
            let valueStart = nameEnd + 1
            var valueEnd = valueStart
            while valueEnd < bytes.count, !isQueryTerminator(bytes[valueEnd]) { valueEnd += 1 }
            guard valueEnd > valueStart else { continue }
            let replacement = Array(placeholder.utf8)
            bytes.replaceSubrange(valueStart..<valueEnd, with: replacement)
            changed = true
            index = valueStart + replacement.count
        }
        return changed
    }

    /// Replaces what follows `Authorization:` / `Authorization=` up to the end of the line, a quote or a comma.
    private static func redactAuthorizationHeaders(_ bytes: inout [UInt8]) -> Bool {
        let needle = Array("authorization".utf8)
        var changed = false
        var index = 0
        while index + needle.count < bytes.count {
            var matched = true
            for offset in 0..<needle.count where lowercase(bytes[index + offset]) != needle[offset] {
                matched = false
                break
            }
            guard matched else {
                index += 1
                continue
            }
            var cursor = skipSpaces(bytes, from: index + needle.count)
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":") || bytes[cursor] == UInt8(ascii: "=")
            else {
                index += needle.count
                continue
            }
            cursor = skipSpaces(bytes, from: cursor + 1)
            // "device authorization: challenge verified" is prose, not a header: require a line start or a scheme.
            let atLineStart = index == 0 || bytes[index - 1] == 0x0A || bytes[index - 1] == 0x0D
            guard atLineStart || startsWithAuthScheme(bytes, at: cursor) else {
                index += needle.count
                continue
            }
            var end = cursor
            while end < bytes.count, !isHeaderTerminator(bytes[end]) { end += 1 }
            let replacement = Array(placeholder.utf8)
            if end > cursor, Array(bytes[cursor..<end]) != replacement {
                bytes.replaceSubrange(cursor..<end, with: replacement)
                changed = true
            }
            index = cursor + replacement.count
        }
        return changed
    }

    /// True when an HTTP authentication scheme (`Bearer`, `Basic`, `Digest`…) starts at `index`.
    private static func startsWithAuthScheme(_ bytes: [UInt8], at index: Int) -> Bool {
        for scheme in ["bearer ", "basic ", "digest ", "negotiate ", "ntlm ", "token ", "oauth ", "aws4-hmac-sha256 "] {
            let word = Array(scheme.utf8)
            guard index + word.count <= bytes.count else { continue }
            if (0..<word.count).allSatisfy({ lowercase(bytes[index + $0]) == word[$0] }) { return true }
        }
        return false
    }

    // MARK: Scanning helpers

    /// Index of the quote closing the string that opens at `openingQuote`, or `bytes.count` when unterminated.
    private static func endOfString(_ bytes: [UInt8], openingQuote: Int) -> Int {
        var index = openingQuote + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index
            default: index += 1
            }
        }
        return bytes.count
    }

    /// One past the JSON value starting at `start`: a string, a balanced object/array, or a bare scalar.
    private static func endOfJSONValue(_ bytes: [UInt8], from start: Int) -> Int {
        guard start < bytes.count else { return start }
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return min(bytes.count, endOfString(bytes, openingQuote: start) + 1)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var index = start
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""): index = endOfString(bytes, openingQuote: index)
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default: break
                }
                index += 1
            }
            return bytes.count
        default:
            var index = start
            while index < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A]
                .contains(bytes[index])
            {
                index += 1
            }
            return index
        }
    }

    private static func skipSpaces(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        return index
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }

    private static func isQueryTerminator(_ byte: UInt8) -> Bool {
        byte <= 0x20 || [UInt8(ascii: "&"), UInt8(ascii: "#"), UInt8(ascii: "\""), UInt8(ascii: "'"),
                         UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\")].contains(byte)
    }

    private static func isHeaderTerminator(_ byte: UInt8) -> Bool {
        byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
            || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}")
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
