/// The TXT record of a `_googlecast._tcp` service instance, decoded (protocol.md §3.2).
///
/// Parsing follows RFC 6763 §6: each string is `key=value` or a bare `key`; keys compare without ASCII case; the
/// first occurrence of a key wins. Nothing is dropped: every string stays in `entries`, unknown keys stay in
/// `otherEntries` in order, and every invalid value is described in `diagnostics`.
public struct CastTXTRecord: Sendable, Hashable {
    /// Keys Cast clients require (openscreen requires all five; Chromium and pychromecast need `id` and `fn`).
    public static let requiredKeys = ["id", "ve", "ca", "st", "fn"]
    /// Keys this model names.
    public static let knownKeys: Set<String> = ["id", "ve", "ca", "st", "fn", "md", "ic", "rs", "bs", "cd", "rm", "nf"]

    /// Every string parsed, in order, duplicates included (the empty string of an empty TXT record is skipped).
    public private(set) var entries: [CastTXTEntry] = []
    /// Strings with keys outside `knownKeys`, in order.
    public private(set) var otherEntries: [CastTXTEntry] = []
    /// Problems found, in the order of the strings.
    public private(set) var diagnostics: [CastTXTDiagnostic] = []
    /// First value of each known key (lower-cased key), as text.
    public private(set) var values: [String: String] = [:]

    /// `id`: the device UUID as written.
    public var id: String? { values["id"] }
    /// `ve`: the Cast protocol version text, e.g. "05".
    public var version: String? { values["ve"] }
    /// `ca` decoded; nil when absent or not a number.
    public private(set) var capabilities: CastCapabilities?
    /// `st` decoded: 0 idle, 1 busy; nil when absent or invalid.
    public private(set) var status: Int?
    /// `fn`: the friendly name.
    public var friendlyName: String? { values["fn"] }
    /// `md`: the model name.
    public var model: String? { values["md"] }
    /// `ic`: the icon path.
    public var iconPath: String? { values["ic"] }
    /// `rs`: the running app's status text.
    public var runningStatus: String? { values["rs"] }

    /// True when `id` is 32 hex digits, the form pychromecast and Cast devices use.
    public var hasValidID: Bool { id.map(CastTXTRecord.isHexUUID) ?? false }

    /// Parses TXT strings in wire order.
    public init<Strings: Sequence>(strings: Strings) where Strings.Element: Collection, Strings.Element.Element == UInt8 {
        var seen: Set<String> = []
        for (index, string) in strings.enumerated() {
            parse(Array(string), index: index, seen: &seen)
        }
        for key in CastTXTRecord.requiredKeys where !seen.contains(key) {
            diagnostics.append(CastTXTDiagnostic(.missingKey, key: key, stringIndex: nil,
                                                 message: "required key is missing"))
        }
    }

    /// Parses the strings of a TXT record.
    public init(txt: DNSTXT) {
        self.init(strings: txt.strings)
    }

    /// Parses UTF-8 strings such as `"fn=Living Room"`.
    public init(_ strings: [String]) {
        self.init(strings: strings.map { Array($0.utf8) })
    }

    private mutating func parse(_ string: [UInt8], index: Int, seen: inout Set<String>) {
        if string.isEmpty { return }
        let equals = string.firstIndex(of: UInt8(ascii: "="))
        let keyBytes = equals.map { string[..<$0] } ?? string[...]
        let key = String(decoding: keyBytes, as: UTF8.self)
        let value = equals.map { Array(string[($0 + 1)...]) }
        let entry = CastTXTEntry(key: key, value: value)
        entries.append(entry)
        if keyBytes.isEmpty {
            diagnostics.append(CastTXTDiagnostic(.emptyKey, key: "", stringIndex: index,
                                                 message: "string \(index) starts with '=' and is ignored"))
            return
        }
        let lowered = String(decoding: keyBytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        let isKnown = CastTXTRecord.knownKeys.contains(lowered)
        if !isKnown { otherEntries.append(entry) }
        guard seen.insert(lowered).inserted else {
            diagnostics.append(CastTXTDiagnostic(.duplicateKey, key: key, stringIndex: index,
                                                 message: "duplicate key; the first occurrence wins"))
            return
        }
        guard isKnown else { return }
        guard let value else {
            diagnostics.append(CastTXTDiagnostic(.keyWithoutValue, key: key, stringIndex: index,
                                                 message: "key has no '=' and no value"))
            return
        }
        let text = String(decoding: value, as: UTF8.self)
        if String(validating: value, as: UTF8.self) == nil {
            diagnostics.append(CastTXTDiagnostic(.invalidUTF8, key: key, stringIndex: index,
                                                 message: "value is not valid UTF-8"))
        }
        values[lowered] = text
        check(lowered, text, key: key, index: index)
    }

    private mutating func check(_ key: String, _ text: String, key written: String, index: Int) {
        switch key {
        case "id":
            if CastTXTRecord.isHexUUID(text) { return }
            let compact = text.filter { $0 != "-" }
            if text.count == 36, CastTXTRecord.isHexUUID(compact) {
                diagnostics.append(CastTXTDiagnostic(.nonCanonicalID, key: written, stringIndex: index,
                    message: "id is a hyphenated UUID; Cast devices send 32 hex digits"))
            } else {
                diagnostics.append(CastTXTDiagnostic(.invalidID, key: written, stringIndex: index,
                    message: "id is not a 32-hex-digit UUID; pychromecast ignores this device"))
            }
        case "ve":
            if let number = CastTXTRecord.decimal(text), number >= 2, number <= 99 { return }
            diagnostics.append(CastTXTDiagnostic(.invalidVersion, key: written, stringIndex: index,
                message: "ve is not a protocol version from 2 to 99"))
        case "ca":
            if let number = CastTXTRecord.decimal(text) {
                capabilities = CastCapabilities(rawValue: number)
            } else {
                diagnostics.append(CastTXTDiagnostic(.invalidCapabilities, key: written, stringIndex: index,
                    message: "ca is not a decimal capability bitmask"))
            }
        case "st":
            if text == "0" || text == "1" {
                status = text == "0" ? 0 : 1
            } else {
                diagnostics.append(CastTXTDiagnostic(.invalidStatus, key: written, stringIndex: index,
                    message: "st is neither 0 (idle) nor 1 (busy)"))
            }
        default:
            break
        }
    }

    /// True for exactly 32 hex digits.
    static func isHexUUID(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { $0.isHexDigitASCII }
    }

    /// A decimal number of 1…19 ASCII digits, nil otherwise.
    static func decimal(_ text: String) -> UInt64? {
        guard !text.isEmpty, text.utf8.count <= 19, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            return nil
        }
        return UInt64(text)
    }
}

extension UInt8 {
    fileprivate var isHexDigitASCII: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
