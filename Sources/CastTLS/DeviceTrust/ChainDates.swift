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

    /// `2025-03-09 16:44:39 UTC`, computed in Swift (the proleptic Gregorian calendar, no C `tm`, so any time a
    /// certificate or CRL can carry prints).
    static func format(_ date: Date) -> String {
        let total = date.timeIntervalSince1970.rounded(.down)
        guard total.isFinite, abs(total) < 1e15, let seconds = Int64(exactly: total) else { return "\(date)" }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let inDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day)) \(two(inDay / 3600)):\(two(inDay % 3600 / 60)):\(two(inDay % 60)) UTC"
    }

    /// Year, month and day of the day `days` after 1970-01-01 (Howard Hinnant's days-to-civil algorithm).
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
