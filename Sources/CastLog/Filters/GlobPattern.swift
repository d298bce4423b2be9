/// A class- or function-name glob: `*` any run (also empty), `?` one character, `[abc]`/`[a-z]`/`[!a]` one of a
/// set; everything else literal. Matching is case-sensitive over the whole name.
public struct GlobPattern: Sendable, Hashable, CustomStringConvertible {
    private enum Token: Sendable, Hashable {
        case literal(Unicode.Scalar)
        case anyOne
        case anyRun
        case set(ranges: [ClosedRange<Unicode.Scalar>], negated: Bool)
    }

    /// The pattern as written.
    public let text: String
    private let tokens: [Token]

    /// Number of literal characters, the measure of specificity: `?` and sets count as none.
    public let literalCount: Int

    /// True when the pattern has no wildcard, so it matches exactly one name.
    public let isLiteral: Bool

    /// Compiles `text`; an unterminated `[` is taken as a literal `[` (use `validate` to report it instead).
    public init(_ text: String) {
        self.text = text
        var tokens: [Token] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "*":
                if tokens.last != .anyRun { tokens.append(.anyRun) }
                index += 1
            case "?":
                tokens.append(.anyOne)
                index += 1
            case "[":
                if let (set, next) = Self.parseSet(scalars, from: index) {
                    tokens.append(set)
                    index = next
                } else {
                    tokens.append(.literal(scalar))
                    index += 1
                }
            default:
                tokens.append(.literal(scalar))
                index += 1
            }
        }
        self.tokens = tokens
        self.literalCount = tokens.reduce(0) { count, token in
            if case .literal = token { return count + 1 }
            return count
        }
        self.isLiteral = tokens.allSatisfy { if case .literal = $0 { return true } else { return false } }
    }

    public var description: String { text }

    /// Where `text` is not a well-formed glob: the character offset and why, or nil when it is fine.
    public static func validate(_ text: String) -> (offset: Int, message: String)? {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            if scalars[index] == "[" {
                guard let (_, next) = parseSet(scalars, from: index) else {
                    return (index, "unterminated '[' set in pattern '\(text)'")
                }
                if let reversed = reversedRange(scalars, from: index, to: next) {
                    let range = "\(scalars[reversed])-\(scalars[reversed + 2])"
                    return (reversed, "reversed range '\(range)' in pattern '\(text)' (write it low-high)")
                }
                index = next
            } else {
                index += 1
            }
        }
        return nil
    }

    /// The offset of the first `x-y` with x > y inside the set `scalars[start..<end]`, or nil.
    private static func reversedRange(_ scalars: [Unicode.Scalar], from start: Int, to end: Int) -> Int? {
        let close = end - 1  // the set's closing ']'
        var index = start + 1
        if index < close, scalars[index] == "!" || scalars[index] == "^" { index += 1 }
        while index < close {
            if index + 2 < close, scalars[index + 1] == "-" {
                if scalars[index] > scalars[index + 2] { return index }
                index += 3
            } else {
                index += 1
            }
        }
        return nil
    }

    /// Parses `[...]` starting at `start`; returns the token and the index after `]`, or nil when unterminated/empty.
    private static func parseSet(_ scalars: [Unicode.Scalar], from start: Int) -> (Token, Int)? {
        var index = start + 1
        var negated = false
        if index < scalars.count, scalars[index] == "!" || scalars[index] == "^" {
            negated = true
            index += 1
        }
        var ranges: [ClosedRange<Unicode.Scalar>] = []
        var first = true
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "]" && !first {
                return ranges.isEmpty ? nil : (.set(ranges: ranges, negated: negated), index + 1)
            }
            first = false
            if index + 2 < scalars.count, scalars[index + 1] == "-", scalars[index + 2] != "]" {
                let upper = scalars[index + 2]
                ranges.append(scalar <= upper ? scalar...upper : upper...scalar)
                index += 3
            } else {
                ranges.append(scalar...scalar)
                index += 1
            }
        }
        return nil
    }

    /// True when the whole of `name` matches.
    public func matches(_ name: String) -> Bool {
        if isLiteral { return name == text }
        let scalars = Array(name.unicodeScalars)
        var tokenIndex = 0
        var nameIndex = 0
        // Backtracking point of the last `*`: where the star token is and how much of the name it has taken so far.
        var starToken = -1
        var starName = 0
        while nameIndex < scalars.count {
            if tokenIndex < tokens.count {
                switch tokens[tokenIndex] {
                case .anyRun:
                    starToken = tokenIndex
                    starName = nameIndex
                    tokenIndex += 1
                    continue
                case .anyOne:
                    tokenIndex += 1
                    nameIndex += 1
                    continue
                case .literal(let scalar) where scalar == scalars[nameIndex]:
                    tokenIndex += 1
                    nameIndex += 1
                    continue
                case .set(let ranges, let negated)
                where ranges.contains { $0.contains(scalars[nameIndex]) } != negated:
                    tokenIndex += 1
                    nameIndex += 1
                    continue
                default:
                    break
                }
            }
            guard starToken >= 0 else { return false }
            starName += 1
            nameIndex = starName
            tokenIndex = starToken + 1
        }
        while tokenIndex < tokens.count, tokens[tokenIndex] == .anyRun { tokenIndex += 1 }
        return tokenIndex == tokens.count
    }
}
