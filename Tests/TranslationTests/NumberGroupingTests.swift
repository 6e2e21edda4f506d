import Testing
@testable import Translation

/// Numbers in running text follow LC_NUMERIC's separator and grouping.
@Suite struct NumberGroupingTests {
    func formats(_ separator: String, _ sizes: [Int]) -> LocaleFormats {
        var formats = LocaleFormats.english
        formats.thousandsSeparator = separator
        formats.groupSizes = sizes
        return formats
    }

    @Test("English groups by three with commas, as the C locale's default")
    func english() {
        #expect(LocaleFormats.english.grouped(100030) == "100,030")
        #expect(LocaleFormats.english.grouped(999) == "999")
        #expect(LocaleFormats.english.grouped(0) == "0")
        #expect(LocaleFormats.english.grouped(-1234567) == "-1,234,567")
    }

    @Test("Spanish groups with points")
    func spanish() {
        #expect(formats(".", [3]).grouped(1234567) == "1.234.567")
    }

    @Test("the last group size repeats (India's 3, then 2)")
    func indian() {
        #expect(formats(",", [3, 2]).grouped(123456789) == "12,34,56,789")
        #expect(formats(",", [3, 2]).grouped(1000) == "1,000")
    }

    @Test("the process's locale is read: C gives English's grouping")
    func cLocale() {
        let read = LocaleFormats.numberGrouping()
        #expect(read.separator == "," && read.sizes == [3])
    }
}
