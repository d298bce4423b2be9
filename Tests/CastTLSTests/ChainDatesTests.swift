import Foundation
import Testing
@testable import CastTLS

/// The UTC times device-trust messages print, for every instant a certificate or CRL can carry.
@Suite struct ChainDatesTests {
    @Test(arguments: [
        (0.0, "1970-01-01 00:00:00 UTC"), (1_741_538_679, "2025-03-09 16:44:39 UTC"),
        (951_782_400, "2000-02-29 00:00:00 UTC"), (-1, "1969-12-31 23:59:59 UTC"),
        (253_402_300_799, "9999-12-31 23:59:59 UTC"), (-62_135_596_800, "1-01-01 00:00:00 UTC"),
    ])
    func formatsSecondsSinceTheEpochAsUTC(seconds: Double, text: String) {
        #expect(ChainDates.format(Date(timeIntervalSince1970: seconds)) == text)
    }

    /// From 1600 (Foundation's calendar is Julian before the 1582 reform) to 2370.
    @Test func everyDayOfFourHundredYearsMatchesFoundationsCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        for days in stride(from: Int64(-135_140), through: 146_097, by: 37) {
            let date = Date(timeIntervalSince1970: Double(days) * 86_400)
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let civil = ChainDates.civil(fromDays: days)
            guard parts.era == nil || parts.era == 1 else { continue }
            #expect(civil.year == Int64(parts.year ?? 0) && civil.month == Int64(parts.month ?? 0)
                    && civil.day == Int64(parts.day ?? 0), "\(days)")
        }
    }
}
