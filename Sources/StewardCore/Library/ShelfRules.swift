/// What a shelf's grid may be.
public enum ShelfRules {
    public static let largestSide: Int64 = 100
}
