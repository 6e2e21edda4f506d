import Foundation
import Translation

/// The campus and ministry fields events, announcements and resources carry: each a reference
/// to one of the organization's campuses (`RecordType.campus`) or ministries
/// (`RecordType.ministry`); empty means "everyone". Declared once here and added to each type's
/// fields, so the editor, the command line, validation and the references' checks come from the
/// kit as for any reference. Left out when empty, so records that do not use them travel and
/// dump as before.
public enum CampusTags {
    public static let campusEntity = "campus"
    public static let ministryEntity = "ministry"
    public static let campusField = "campus"
    public static let ministryField = "ministry"

    public static let fields: [FieldSpec] = [
        FieldSpec(campusField, trLater("Campus"), .reference(entity: campusEntity), [.leftOutWhenEmpty],
                  help: trLater("The id of the campus it concerns (empty: every campus).")),
        FieldSpec(ministryField, trLater("Ministry"), .reference(entity: ministryEntity), [.leftOutWhenEmpty],
                  help: trLater("The id of the ministry it concerns (empty: every ministry).")),
    ]

    /// Whether `type` carries the tags (and so is filtered by a member's choice).
    public static func tags(_ type: RecordType) -> Bool {
        if case .reference(let entity)? = type.field(campusField)?.kind { return entity == campusEntity }
        return false
    }
}

/// What a member chose to see (a campus, a ministry, either or neither), and what concerns them.
public struct CampusChoice: Hashable, Sendable {
    /// The campus's id, lower-case; "" for none chosen (every campus).
    public var campus: String
    /// The ministry's id, lower-case; "" for none chosen (every ministry).
    public var ministry: String

    public init(campus: String = "", ministry: String = "") {
        self.campus = campus.lowercased()
        self.ministry = ministry.lowercased()
    }

    /// The choice a `campusChoice` record (or any tagged record's fields) holds.
    public init(fields: JSONValue?) {
        self.init(campus: fields?[CampusTags.campusField]?.stringValue ?? "",
                  ministry: fields?[CampusTags.ministryField]?.stringValue ?? "")
    }

    public var isEmpty: Bool { campus.isEmpty && ministry.isEmpty }

    /// Whether a record tagged with `fields` concerns this choice: a record with no campus
    /// concerns every campus, a member who chose none sees every campus's; the same for
    /// ministries.
    public func concerns(_ fields: JSONValue) -> Bool {
        concerns(tagged: CampusChoice(fields: fields))
    }

    /// Whether something tagged with `tags`' campus and ministry (a notification, a list row)
    /// concerns this choice, by the same rule.
    public func concerns(tagged tags: CampusChoice) -> Bool {
        Self.matches(tags.campus, campus) && Self.matches(tags.ministry, ministry)
    }

    private static func matches(_ tag: String, _ chosen: String) -> Bool {
        tag.isEmpty || chosen.isEmpty || tag == chosen
    }
}
