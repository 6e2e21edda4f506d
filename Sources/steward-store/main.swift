import StewardStore
print("steward-store \(StoreVersion.current)")
