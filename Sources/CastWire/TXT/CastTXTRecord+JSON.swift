public import CastJSON

extension CastTXTRecord {
    /// The record as JSON: known keys in protocol order with decoded values (`ca` as a number plus `capabilities`
    /// names, `st` as a number), other keys as `{"key","value"}` pairs in order, and `diagnostics`.
    ///
    /// A value that does not decode (non-numeric `ca`, `st` other than 0/1) is kept as its text.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        for key in ["id", "ve", "ca", "st", "fn", "md", "ic", "rs", "bs", "cd", "rm", "nf"] {
            guard let text = values[key] else { continue }
            switch key {
            case "ca":
                if let capabilities {
                    object.appendUnchecked("ca", .int(Int64(clamping: capabilities.rawValue)))
                    object.appendUnchecked("capabilities", .array(capabilities.names.map { .string($0) }))
                    if capabilities.unknownBits != 0 {
                        object.appendUnchecked("unknownCapabilityBits", .int(Int64(clamping: capabilities.unknownBits)))
                    }
                } else {
                    object.appendUnchecked("ca", .string(text))
                }
            case "st":
                object.appendUnchecked("st", status.map { .int(Int64($0)) } ?? .string(text))
            default:
                object.appendUnchecked(key, .string(text))
            }
            if key == "id" { object.appendUnchecked("idValid", .bool(hasValidID)) }
        }
        if !otherEntries.isEmpty {
            object.appendUnchecked("otherKeys", .array(otherEntries.map { entry in
                .object(JSONObject([JSONMember(key: "key", value: .string(entry.key)),
                                    JSONMember(key: "value", value: entry.text.map { .string($0) } ?? .null)]))
            }))
        }
        object.appendUnchecked("diagnostics", .array(diagnostics.map { diagnostic in
            var item = JSONObject()
            item.appendUnchecked("kind", .string(diagnostic.kind.rawValue))
            item.appendUnchecked("key", .string(diagnostic.key))
            item.appendUnchecked("message", .string(diagnostic.message))
            return .object(item)
        }))
        return .object(object)
    }
}
