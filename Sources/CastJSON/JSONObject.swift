/// One `"key": value` pair of a JSON object.
public struct JSONMember: Sendable, Hashable {
    /// The member's name.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// A member named `key` holding `value`.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// A JSON object as an ordered list of members: order is kept, and a duplicate key read from text keeps its first
/// position with the last value (as most parsers resolve duplicates).
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// The members in order.
    public private(set) var members: [JSONMember]

    /// An empty object.
    public init() { members = [] }

    /// An object with `members`; later duplicates replace earlier values in place.
    public init(_ members: [JSONMember]) {
        var unique: [JSONMember] = []
        unique.reserveCapacity(members.count)
        var positions: [String: Int] = [:]
        for member in members {
            if let position = positions[member.key] {
                unique[position].value = member.value
            } else {
                positions[member.key] = unique.count
                unique.append(member)
            }
        }
        self.members = unique
    }

    /// An object whose members are known to have distinct keys (the parser's fast path).
    init(uniqueMembers: [JSONMember]) {
        members = uniqueMembers
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.map { JSONMember(key: $0.0, value: $0.1) })
    }

    /// The value for `key`; setting `nil` removes the member, setting an existing key keeps its position.
    public subscript(key: String) -> JSONValue? {
        get {
            for member in members where member.key == key { return member.value }
            return nil
        }
        set {
            let index = members.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let index?, let value?): members[index].value = value
            case (let index?, nil): members.remove(at: index)
            case (nil, let value?): members.append(JSONMember(key: key, value: value))
            case (nil, nil): break
            }
        }
    }

    /// The keys in order.
    public var keys: [String] { members.map(\.key) }

    /// Number of members.
    public var count: Int { members.count }

    /// True when there are no members.
    public var isEmpty: Bool { members.isEmpty }

    public func makeIterator() -> IndexingIterator<[JSONMember]> { members.makeIterator() }

    /// Appends a member without checking for duplicates (for builders that know keys are unique).
    public mutating func appendUnchecked(_ key: String, _ value: JSONValue) {
        members.append(JSONMember(key: key, value: value))
    }
}
