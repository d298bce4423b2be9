import CCastNetShims
import Glibc

/// Interface name ↔ index lookups (`if_nametoindex`, `if_indextoname`).
enum InterfaceNames {
    /// The index of the interface called `name`, or nil when there is none.
    static func index(ofName name: String) -> UInt32? {
        let index = if_nametoindex(name)
        return index == 0 ? nil : index
    }

    /// The name of the interface with `index`, or nil when there is none.
    static func name(ofIndex index: UInt32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(IF_NAMESIZE) + 1)
        guard if_indextoname(index, &buffer) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
