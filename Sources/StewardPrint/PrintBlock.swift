/// One piece of a printed document, laid out as a paragraph: what a bulletin (and later other
/// records) says, in reading order, without knowing about pages.
public struct PrintBlock: Hashable, Sendable {
    public enum Style: Hashable, Sendable {
        case title
        case subtitle
        case heading
        case body
        case link
    }

    public var style: Style
    public var text: String

    public init(_ style: Style, _ text: String) {
        self.style = style
        self.text = text
    }
}
