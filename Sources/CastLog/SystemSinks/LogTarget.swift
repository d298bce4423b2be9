/// Where `--log-to` sends records: `journal`, `journal:PATH`, `syslog+udp://HOST:PORT`, `syslog+tcp://HOST:PORT`,
/// `syslog+unix:PATH` or `file:PATH` (JSON lines, as `--log-file`). IPv6 hosts go in brackets.
public enum LogTarget: Sendable, Hashable, CustomStringConvertible {
    case journal(socketPath: String)
    case syslog(SyslogTransport)
    case file(path: String)

    /// The environment variable that adds targets, comma-separated, as `--log-to` does.
    public static let environmentVariable = "CASTSCOPE_LOG_TO"

    /// The spellings `parse` takes, for help texts.
    public static let syntax = "journal[:PATH] | syslog+udp://HOST:PORT | syslog+tcp://HOST:PORT | "
        + "syslog+unix:PATH | file:PATH"

    /// A target that cannot be parsed: the text and why.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        public var text: String
        public var reason: String
        public var description: String { "log target '\(text)': \(reason) (expected \(LogTarget.syntax))" }
    }

    public var description: String {
        switch self {
        case .journal(let path): path == JournalSink.defaultSocketPath ? "journal" : "journal:\(path)"
        case .syslog(let transport): transport.description
        case .file(let path): "file:\(path)"
        }
    }

    /// Parses one target.
    public static func parse(_ text: String) throws(ParseError) -> LogTarget {
        func fail(_ reason: String) -> ParseError { ParseError(text: text, reason: reason) }
        if text == "journal" { return .journal(socketPath: JournalSink.defaultSocketPath) }
        if let path = text.dropPrefix("journal:") {
            guard !path.isEmpty else { throw fail("no socket path after 'journal:'") }
            return .journal(socketPath: path)
        }
        if let path = text.dropPrefix("file:") {
            guard !path.isEmpty else { throw fail("no path after 'file:'") }
            return .file(path: path)
        }
        if let path = text.dropPrefix("syslog+unix:") {
            guard !path.isEmpty else { throw fail("no socket path after 'syslog+unix:'") }
            return .syslog(.unix(path: path))
        }
        for (scheme, stream) in [("syslog+udp://", false), ("syslog+tcp://", true)] {
            guard let rest = text.dropPrefix(scheme) else { continue }
            let (host, port) = try hostPort(rest, fail)
            return .syslog(stream ? .tcp(host: host, port: port) : .udp(host: host, port: port))
        }
        throw fail("unknown kind")
    }

    /// Every target of a `CASTSCOPE_LOG_TO` value (comma-separated, blanks ignored).
    public static func parseList(_ text: String) throws(ParseError) -> [LogTarget] {
        var targets: [LogTarget] = []
        for part in text.split(separator: ",") {
            let trimmed = part.trimmingSpaces
            if !trimmed.isEmpty { targets.append(try parse(trimmed)) }
        }
        return targets
    }

    private static func hostPort(_ text: String, _ fail: (String) -> ParseError) throws(ParseError)
        -> (String, UInt16)
    {
        let host: Substring
        let portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw fail("no ']' after the IPv6 address") }
            host = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            guard after.hasPrefix(":") else { throw fail("no ':PORT' after the address") }
            portText = after.dropFirst()
        } else {
            guard let colon = text.lastIndex(of: ":") else { throw fail("no ':PORT' after the host") }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
            guard !host.contains(":") else { throw fail("an IPv6 address goes in brackets: [ADDRESS]:PORT") }
        }
        guard !host.isEmpty else { throw fail("no host") }
        guard let port = UInt16(portText), port > 0 else { throw fail("port '\(portText)' is not 1-65535") }
        return (String(host), port)
    }

    /// A sink for this target.
    public func makeSink() throws -> any LogSink {
        switch self {
        case .journal(let path): try JournalSink(socketPath: path)
        case .syslog(let transport): SyslogSink(transport: transport)
        case .file(let path): try RotatingFileSink(path: path, format: .jsonLines)
        }
    }
}

extension String {
    fileprivate func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
