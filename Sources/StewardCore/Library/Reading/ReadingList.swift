import Foundation
import Translation

/// The lists a borrower keeps books on: the words stored and sent, and their names.
public enum ReadingList: String, CaseIterable, Sendable {
    case favourite
    case toRead = "to-read"
    case wish

    public static let words = allCases.map(\.rawValue)

    /// "favourites", in the person's language: what a refusal or a list heading says.
    public var text: String {
        switch self {
        case .favourite: trc("reading list", "Favourites")
        case .toRead: trc("reading list", "To read")
        case .wish: trc("reading list", "Wish list")
        }
    }
}
