import Foundation
import Translation

/// The colours a calendar may take: named colours of the GNOME palette, so a calendar's events
/// read the same in the console (a CSS class per colour, `calendar-colour-blue`) and in the
/// apps, which are sent the word. A fixed list keeps every calendar readable on light and dark
/// backgrounds, which a free colour would not.
public enum CalendarColour: String, CaseIterable, Sendable {
    case blue, green, yellow, orange, red, purple, brown

    /// The choice words, as the calendar's `colour` field declares them.
    public static let words: [String] = allCases.map(\.rawValue)

    /// "Blue", in the person's language.
    public var title: String {
        switch self {
        case .blue: tr("Blue")
        case .green: tr("Green")
        case .yellow: tr("Yellow")
        case .orange: tr("Orange")
        case .red: tr("Red")
        case .purple: tr("Purple")
        case .brown: tr("Brown")
        }
    }

    /// A stored word's name in the person's language; nil for a word not on the palette.
    public static func title(ofWord word: String) -> String? {
        CalendarColour(rawValue: word)?.title
    }
}
