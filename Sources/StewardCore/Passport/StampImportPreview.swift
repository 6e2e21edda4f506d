import Foundation

/// What a bulk grant would do, said before anything is written: who gets the event's stamps,
/// who already has one (and from which entry), and which addresses are no member's.
public struct StampImportPreview: Sendable {
    public struct Person: Hashable, Sendable {
        public var email: String
        /// The member's id.
        public var member: String
        public var name: String
    }

    /// The event's id.
    public var event: String
    public var eventTitle: String
    /// The stamps each grant gives: the event's stamp value.
    public var stamps: Int
    public var granted: [Person] = []
    public var alreadyStamped: [(person: Person, entry: StampEntry)] = []
    /// Addresses, lower-cased, that no member of the organization signs in with.
    public var unknown: [String] = []
}

/// The e-mail addresses in a CSV file of attendees, as sign-in sheets and form exports come:
/// with or without a header, the address in whichever column has one.
public enum StampImportCSV {
    /// Each row's first field that looks like an address; rows without one (a header) are
    /// skipped. Quotes around fields are removed.
    public static func emails(in text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            line.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: "\""))) }
                .first { $0.contains("@") && !$0.contains(" ") }
        }
    }
}
