import Foundation
import StewardTestSupport
import Testing
import Translation
@testable import StewardCore

/// Numbers to store are written and read the same in every locale; numbers for people take the
/// locale's separator and read back too.
@Suite("Stored numbers")
struct StoredNumberTests {
    @Test("written with a decimal point under Spanish numbers, as printf rounds them")
    func writtenWithAPoint() throws {
        let written = try SpanishNumbers.run {
            #expect(String(format: "%.4f", 35.305) == "35,3050")
            return [StoredNumber.text(35.305, fractionDigits: 4), StoredNumber.text(-120.66251, fractionDigits: 5),
                    StoredNumber.text(33.333333, fractionDigits: 1), StoredNumber.text(2.5, fractionDigits: 0),
                    StoredNumber.text(42.6531), StoredNumber.text(3), StoredNumber.text(-0.0001)]
        }
        #expect(written == ["35.3050", "-120.66251", "33.3", "2", "42.6531", "3", "-0.0001"])
        // A number wider than the first buffer.
        #expect(StoredNumber.text(1e30, fractionDigits: 2) == "1000000000000000019884624838656.00")
    }

    @Test("read back the same, with a decimal point or a decimal comma, and nothing that is no number")
    func readBack() {
        for value in [35.305, -120.6625, 0.1 + 0.2, 1e-7, 123_456.789] {
            #expect(StoredNumber.parse(StoredNumber.text(value)) == value)
            #expect(StoredNumber.parse(StoredNumber.shown(value, formats: Self.spanish)) == value)
        }
        #expect(StoredNumber.parse(" 42,6531 ") == 42.6531)
        for bad in ["", "north", "0x10", "inf", "nan", "1,234.5", "1,2,3", "1.2.3", "4 2"] {
            #expect(StoredNumber.parse(bad) == nil, "\(bad)")
        }
    }

    @Test("shown with the locale's separator")
    func shown() {
        #expect(StoredNumber.shown(42.6531, formats: Self.spanish) == "42,6531")
        #expect(StoredNumber.shown(33.333, fractionDigits: 1, formats: Self.spanish) == "33,3")
        #expect(StoredNumber.shown(42.6531, formats: .english) == "42.6531")
    }

    @Test("a decimal field reads both forms and writes the canonical JSON's own number")
    func jsonForms() {
        #expect(JSONValue.string("42.6531").decimalValue == 42.6531)
        #expect(JSONValue.int(-78).decimalValue == -78)
        #expect(JSONValue.bool(true).decimalValue == nil)
        #expect(JSONValue.number(42) == .int(42))
        #expect(JSONValue.number(42.5) == .double(42.5))
        let type = RecordType.mapPin
        #expect(type.numbersForDecimalText(in: .object(["latitude": .string("42.6531"), "name": .string("7")]))
                == .object(["latitude": .double(42.6531), "name": .string("7")]))
        // Text that is no number is left for validation to report.
        #expect(type.numbersForDecimalText(in: .object(["latitude": .string("north")])) == .object(["latitude": .string("north")]))
    }

    static let spanish = LocaleFormats(weekdayAbbreviations: LocaleFormats.english.weekdayAbbreviations,
                                       monthAbbreviations: LocaleFormats.english.monthAbbreviations,
                                       twelveHour: false, am: "a. m.", pm: "p. m.", thousandsSeparator: ".",
                                       decimalSeparator: ",")
}
