import Foundation

/// Date checks on a built chain, where RFC 5280 §6.1 checks every certificate but the trust anchor.
enum ChainDates {
    /// True when `time` is within `certificate`'s validity (both ends inclusive).
    static func isValid(_ certificate: X509Certificate, at time: Date) -> Bool {
        certificate.notBefore <= time && time <= certificate.notAfter
    }

    /// The position of the out-of-date certificate nearest the anchor (the likeliest cause), ignoring the anchor
    /// itself (the last certificate of `chain` when `endsInAnchor`).
    static func outOfDatePosition(in chain: [X509Certificate], at time: Date, endsInAnchor: Bool) -> Int? {
        let checked = endsInAnchor ? chain.count - 1 : chain.count
        return (0..<max(checked, 0)).last { !isValid(chain[$0], at: time) }
    }

    /// "expired 2025-03-09 16:44:39 UTC" or "not valid before 2015-03-16 21:14:55 UTC", relative to `time`.
    static func problem(of certificate: X509Certificate, at time: Date) -> String {
        time < certificate.notBefore
            ? "not valid before \(format(certificate.notBefore))"
            : "expired \(format(certificate.notAfter))"
    }

    /// `2025-03-09 16:44:39 UTC`.
    static func format(_ date: Date) -> String {
        var parts = tm()
        // `exactly`: a CRL or a crafted capture can carry times past what time_t holds.
        guard var seconds = time_t(exactly: date.timeIntervalSince1970.rounded(.down)),
            gmtime_r(&seconds, &parts) != nil
        else { return "\(date)" }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) UTC"
    }
}
