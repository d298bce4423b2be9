/// The part of a DNS message a position, error or warning belongs to (RFC 1035 §4.1).
public enum DNSSection: String, Sendable, Hashable, CaseIterable {
    /// The 12-byte header.
    case header
    /// The question section.
    case question
    /// The answer section.
    case answer
    /// The authority section.
    case authority
    /// The additional section.
    case additional
}
