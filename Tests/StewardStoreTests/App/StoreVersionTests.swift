import StewardCore
import Testing
@testable import StewardStore

@Test func storeReportsStewardsVersion() {
    #expect(StoreVersion.current == StewardVersion.current)
    #expect(StewardVersion.current.split(separator: ".").count == 3)
}
