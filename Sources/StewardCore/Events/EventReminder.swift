import Foundation
import Translation

/// How long before each start an event reminds its audience (`remindBefore`): one of a few
/// fixed lengths, in minutes, so the store can plan every reminder ahead and people choose
/// from a short list. The field holds the minutes as a choice word ("60"); no reminder is the
/// field left out.
public enum EventReminder {
    /// The lengths to choose from, in minutes: 15 and 30 minutes, 1 and 2 hours, 1 and 2 days, a week.
    public static let minutes: [Int] = [15, 30, 60, 120, 1440, 2880, 10_080]

    /// The choice words, as the field declares them.
    public static let words: [String] = minutes.map(String.init)

    /// The minutes a stored choice word stands for; 0 for none (or a word that is none of them).
    public static func minutes(of word: String?) -> Int {
        guard let word, let number = Int(word), minutes.contains(number) else { return 0 }
        return number
    }

    /// "1 hour before", in the person's language; nil for a length that is not on the list.
    public static func title(ofWord word: String) -> String? {
        switch Int(word) {
        case 15?: tr("15 minutes before")
        case 30?: tr("30 minutes before")
        case 60?: tr("1 hour before")
        case 120?: tr("2 hours before")
        case 1440?: tr("1 day before")
        case 2880?: tr("2 days before")
        case 10_080?: tr("1 week before")
        default: nil
        }
    }
}
