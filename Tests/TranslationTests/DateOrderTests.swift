import Testing
@testable import Translation

/// Which comes first in a date written in numbers, as the locale writes it: what a typed
/// "3/4" means in a search.
@Suite struct DateOrderTests {
    @Test("day first in Spain and Britain, month first in the United States and the C locale")
    func dateOrder() {
        #expect(LocaleFormats.dayComesFirst(dateFormat: "%d/%m/%y"))  // es_ES, en_GB
        #expect(LocaleFormats.dayComesFirst(dateFormat: "%d.%m.%Y"))  // de_DE
        #expect(!LocaleFormats.dayComesFirst(dateFormat: "%m/%d/%y"))  // en_US, C
        #expect(!LocaleFormats.dayComesFirst(dateFormat: "%Y-%m-%d"))  // sv_SE
        #expect(!LocaleFormats.dayComesFirst(dateFormat: ""))
    }
}
