import Foundation
import Translation

/// Who made a change, as the history keeps it (in English, the same whatever language the
/// console ran in) and as people read it (in theirs). Emails and the store's names for
/// authors are kept and shown as they are.
public enum HistoryAuthor {
    private static let store = trLater("the store")
    private static let console = trLater("this console ({login})")

    /// A change pulled from the store that names no author.
    static var storeAuthor: String { store.english }

    /// A local edit made while nobody is signed in: the person logged in to the computer.
    static func consoleAuthor(login: String) -> String {
        Placeholders.fill(console.english, ["login": login])
    }

    /// The author as people read it: the words this console stored, translated.
    public static func text(_ stored: String) -> String {
        if stored == store.english { return store.text }
        let ends = console.english.components(separatedBy: "{login}")
        if ends.count == 2, stored.count > ends[0].count + ends[1].count,
           stored.hasPrefix(ends[0]), stored.hasSuffix(ends[1]) {
            let login = String(stored.dropFirst(ends[0].count).dropLast(ends[1].count))
            return Placeholders.fill(console.text, ["login": login])
        }
        return stored
    }
}
