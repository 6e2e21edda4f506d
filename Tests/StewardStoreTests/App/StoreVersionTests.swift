import Testing
@testable import StewardStore

@Test func storeHasAVersion() {
    #expect(!StoreVersion.current.isEmpty)
}
