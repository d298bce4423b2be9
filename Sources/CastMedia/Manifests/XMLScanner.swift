/// A small, bounded XML 1.0 reader for manifests (DASH MPDs): start and end tags with their attributes, and the text
/// between them; comments, processing instructions, doctype and CDATA are skipped or kept as text. Not a validating
/// parser: what a manifest needs, with faults that name their byte offset. The five predefined entities and numeric
/// character references are decoded.
struct XMLScanner {
    /// What the scanner meets.
    enum Event {
        case start(name: String, attributes: [String: String], selfClosing: Bool, offset: Int)
        case end(name: String, offset: Int)
        case text(String)
    }

    private let bytes: [UInt8]
    private var index = 0
    static let maximumAttributes = 64

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // a UTF-8 byte order mark
    }

    /// The next event, nil at the end of the bytes.
    mutating func next() throws(MediaParseError) -> Event? {
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
                let text = Self.decode(bytes[start..<index])
                if text.contains(where: { !$0.isWhitespace }) { return .text(text) }
                continue
            }
            if skip("<!--", until: "-->") || skip("<?", until: "?>") { continue }
            if starts(with: "<![CDATA[") {
                let start = index + 9
                guard let end = find("]]>", from: start) else { throw fault("an unclosed CDATA section") }
                index = end + 3
                return .text(String(decoding: bytes[start..<end], as: UTF8.self))
            }
            if starts(with: "<!") {
                guard let end = find(">", from: index) else { throw fault("an unclosed declaration") }
                index = end + 1
                continue
            }
            return try tag()
        }
        return nil
    }

    private mutating func tag() throws(MediaParseError) -> Event {
        let offset = index
        index += 1
        let closing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
        if closing { index += 1 }
        let name = readName()
        guard !name.isEmpty else { throw fault("a tag without a name", at: offset) }
        var attributes: [String: String] = [:]
        while true {
            skipSpace()
            guard index < bytes.count else { throw fault("a tag that never ends", at: offset) }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                return closing ? .end(name: name, offset: offset)
                    : .start(name: name, attributes: attributes, selfClosing: false, offset: offset)
            }
            if starts(with: "/>"), !closing {
                index += 2
                return .start(name: name, attributes: attributes, selfClosing: true, offset: offset)
            }
            let attribute = readName()
            skipSpace()
            guard !attribute.isEmpty, !closing, index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                throw fault("a malformed attribute in <\(name)>")
            }
            index += 1
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw fault("an unquoted value for \(attribute)")
            }
            let quote = bytes[index]
            let start = index + 1
            guard let end = bytes[start...].firstIndex(of: quote) else {
                throw fault("an unclosed value for \(attribute)")
            }
            guard attributes.count < Self.maximumAttributes else { throw fault("more than 64 attributes in <\(name)>") }
            attributes[Self.localName(attribute)] = Self.decode(bytes[start..<end])
            index = end + 1
        }
    }

    /// A name without its namespace prefix (`xlink:href` → `href`, `mpd:Period` → `Period`).
    static func localName(_ name: String) -> String {
        name.split(separator: ":").last.map(String.init) ?? name
    }

    private mutating func readName() -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=") || byte <= 0x20 {
                break
            }
            index += 1
        }
        return Self.localName(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] <= 0x20 { index += 1 }
    }

    private func starts(with text: String) -> Bool {
        let pattern = Array(text.utf8)
        return index + pattern.count <= bytes.count && Array(bytes[index..<(index + pattern.count)]) == pattern
    }

    private func find(_ text: String, from start: Int) -> Int? {
        let pattern = Array(text.utf8)
        guard let first = pattern.first else { return nil }
        var position = start
        while position + pattern.count <= bytes.count {
            if bytes[position] == first, Array(bytes[position..<(position + pattern.count)]) == pattern {
                return position
            }
            position += 1
        }
        return nil
    }

    /// Skips a `open … close` construct when one starts here; an unclosed one runs to the end.
    private mutating func skip(_ open: String, until close: String) -> Bool {
        guard starts(with: open) else { return false }
        index = find(close, from: index + open.utf8.count).map { $0 + close.utf8.count } ?? bytes.count
        return true
    }

    private func fault(_ reason: String, at offset: Int? = nil) -> MediaParseError {
        MediaParseError(path: "xml", offset: offset ?? index, reason: reason)
    }

    /// Text with `&amp;`-style entities and `&#NN;`/`&#xNN;` references decoded (others kept as written).
    static func decode(_ raw: ArraySlice<UInt8>) -> String {
        let text = String(decoding: raw, as: UTF8.self)
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let entity = rest[rest.index(after: amp)..<semicolon]
            switch entity {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let number = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16)
                    : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                if let number, let scalar = Unicode.Scalar(number) {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += "&" + entity + ";"
                }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
