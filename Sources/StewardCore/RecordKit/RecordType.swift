import Foundation
import Translation

/// A kind of record staff keep and the phone apps read, declared once: its sync name, fields,
/// rules and the module that shows it. Local storage, pulled records, conflicts, rejected
/// changes, the canonical dump, the store's validation, the command line and the window's list
/// and editor all come from this declaration (see docs/record-kit.md).
public struct RecordType: Sendable {
    /// The name records travel under (`fund`), in the outbox, the wire protocol and the store.
    public let entity: String
    /// The command-line noun (`stewardctl funds …`).
    public let commandName: String
    /// The organization module whose page shows these records.
    public let module: Module
    /// What people call these records, in every form the window and messages need.
    public let nouns: RecordNouns
    public let fields: [FieldSpec]
    /// The field that names a record in lists, conflicts and history.
    public let titleField: String
    /// The list's order: by this field, ascending unless told otherwise, then by title.
    public let orderField: String
    public let orderDescending: Bool

    /// Checks that involve several fields (an end after its start), run after each field passed.
    var rules: [@Sendable (_ values: [String: JSONValue], _ issues: inout IssueCollector) -> Void] = []
    /// Finishing touches on a record that passed (a link without a label takes its address),
    /// so every side stores the same canonical form.
    var completions: [@Sendable (_ values: inout [String: JSONValue]) -> Void] = []
    /// Fields derived from a media field's library item when the record is written (a
    /// message's audio size, type and running time), by media field name.
    var mediaFills: [String: @Sendable (_ item: MediaItem, _ values: inout [String: JSONValue]) -> Void] = [:]
    /// Keys that are no field are dropped rather than refused (events: apps and stores have
    /// always sent them extra keys, and the store has always dropped them).
    var dropsUnknownKeys = false
    /// Replaces field-by-field validation for a type whose rules are written by hand (submissions).
    var customValidation: (@Sendable (JSONValue, TimeZone) throws(ValidationError) -> JSONValue)?
    /// The span the store indexes for date queries (an event's start and end, a bulletin's
    /// publish window): ms since 1970.
    var window: @Sendable (_ fields: JSONValue, _ zone: TimeZone) -> RecordWindow = { _, _ in RecordWindow() }
    /// What members may see through the apps' read endpoints.
    var visibleToMembers: @Sendable (_ fields: JSONValue, _ now: Date) -> Bool = { _, _ in true }
    /// Where a record stands ("Draft", "Live"), shown in its list; nil: no status column.
    var status: (@Sendable (_ fields: JSONValue, _ now: Date) -> RecordStatus)?
    /// At most one live record per organization (settings such as the podcast's).
    public internal(set) var isSingleton = false
    /// Made on the store by what app users do (members, their submissions, notifications): the
    /// console shows these records and never creates or deletes them, and the store refuses a
    /// push that tries (see docs/approvals.md).
    public internal(set) var isMadeByStore = false
    /// A ledger (stamp entries): records are only ever added. Neither the console nor the store
    /// changes or deletes one; a mistake is undone by a new, reversing record, so the history
    /// of what happened stays whole. `appendOnlyCorrection` says how.
    public var isAppendOnly: Bool { appendOnlyCorrection != nil }
    /// How a mistake is undone ("revoke with a reversing entry"); nil: an ordinary type.
    public internal(set) var appendOnlyCorrection: Translatable?
    /// Never read by members (`staffOnly()`): the apps' read endpoints do not serve it.
    public internal(set) var isStaffOnly = false
    /// Belongs to the record its reference names (an event's check-in key, made with it): it
    /// does not keep that record from being deleted, and stays when it is, for a restore.
    public internal(set) var belongsToItsReference = false
    /// Written by the console from a mirror it keeps (the gym's classes), never typed by hand:
    /// no generic commands or editor; the mirror's own code writes it through the kit.
    public internal(set) var isMirrored = false
    /// Which records members read only while they lead a community group (a leaders' guide);
    /// nil: every member reads what `visibleToMembers` lets through.
    public internal(set) var groupLeadersOnly: (@Sendable (_ fields: JSONValue) -> Bool)?
    /// At most one open record per value of a field (a book on one loan), on both sides.
    public internal(set) var oneOpenRule: OneOpenRule?
    /// A rule a new record must pass against other records (a prize's stock), on both sides.
    public internal(set) var admission: RecordAdmission?
    /// How members read these records through the apps' read side (`MemberReads`).
    public internal(set) var memberReads: MemberReads = .wholeList
    /// The type approving one of these records publishes under the same id (a submission's
    /// event); nil: approving publishes nothing.
    public internal(set) var publishedOnApproval: String?
    /// Made by the console in the same transaction as a local write of another type's record
    /// (an event's check-in key); nil: made only on its own.
    var companionOf: MadeAlongside?
    /// Why staff may not remove a record as it stands (a scheduled announcement); nil: they may.
    public internal(set) var removalRefusal: (@Sendable (_ fields: JSONValue, _ now: Date) -> String?)?
    /// What an edit becomes with the stored records in view (an answered question's new version).
    var revision: (@Sendable (_ change: RecordChange, _ lookup: any RecordLookup) throws -> JSONValue)?
    /// Where the console keeps these records: the shared record table unless a type has its own.
    internal(set) var storage: any LocalRecordStorage
    /// How a conflict shows and merges field by field; by default, one row per declared field.
    var conflicts: any ConflictPresentation
    /// How the editor groups the fields and which lists are typed as lines (`EditorLayout`).
    public internal(set) var editorLayout = EditorLayout()

    public init(entity: String, commandName: String, module: Module, nouns: RecordNouns,
                fields: [FieldSpec], titleField: String, orderField: String? = nil, orderDescending: Bool = false,
                storage: (any LocalRecordStorage)? = nil) {
        self.entity = entity
        self.commandName = commandName
        self.module = module
        self.nouns = nouns
        self.fields = fields
        self.titleField = titleField
        self.orderField = orderField ?? titleField
        self.orderDescending = orderDescending
        self.storage = storage ?? SharedRecordStorage()
        self.conflicts = FieldConflicts(fields: fields)
    }

    /// "giving fund", in the person's language.
    public var noun: String { nouns.one.text }
    /// "giving funds", in the person's language.
    public var pluralNoun: String { nouns.many.text }

    public func field(_ name: String) -> FieldSpec? {
        fields.first { $0.name == name }
    }

    /// Fields only staff set (`FieldSpec.Traits.setByStaff`).
    public var fieldsSetByStaff: [FieldSpec] { fields.filter(\.isSetByStaff) }

    /// What an app member proposes (`proposed`, an object of this type's fields) without the
    /// fields staff set: each takes its value in `current` (the record as stored) if it has
    /// one, else is left out, to take its default when validated.
    public func droppingFieldsSetByStaff(_ proposed: JSONValue, keeping current: JSONValue?) -> JSONValue {
        guard case .object(var values) = proposed else { return proposed }
        for field in fieldsSetByStaff {
            values[field.name] = current?[field.name]
        }
        return .object(values)
    }

    /// Fields that hold another record's id.
    public var references: [(field: FieldSpec, entity: String)] {
        fields.compactMap { field in
            if case .reference(let target) = field.kind { return (field, target) }
            return nil
        }
    }

    /// Checks a record's fields, as typed or as received, reporting every problem at once by
    /// field name; returns them in canonical form, every declared field present.
    public func validate(_ input: JSONValue, orgZone: TimeZone) throws(ValidationError) -> JSONValue {
        if let customValidation { return try customValidation(input, orgZone) }
        var issues = IssueCollector()
        var values = try RecordFields.parsed(input, fields: fields, zone: orgZone, noun: noun, issues: &issues,
                                             unknownKeysRefused: !dropsUnknownKeys)
        // The rules run on the fields that parsed, so one refusal names every problem (a pickup
        // off the earth and a missing return time); a field refused already gets no second one.
        var ruleIssues = IssueCollector()
        for rule in rules { rule(values, &ruleIssues) }
        let refused = Set(issues.issues.map(\.field))
        for issue in ruleIssues.issues where !refused.contains(issue.field) { issues.add(issue.field, issue.message) }
        try issues.throwIfAny()
        for complete in completions { complete(&values) }
        for field in fields where field.isLeftOutWhenEmpty && values[field.name] == field.kind.emptyValue {
            values[field.name] = nil
        }
        return .object(values)
    }

    /// A record's fields with every declared key present, for output people and scripts read
    /// (`show --json`): a field left out while empty shows its empty value, any other missing
    /// one null.
    public func everyField(_ fields: [String: JSONValue]) -> [String: JSONValue] {
        var all = fields
        for field in wireFields where all[field.name] == nil {
            all[field.name] = field.isLeftOutWhenEmpty ? field.kind.emptyValue : .null
        }
        return all
    }

    /// The record's title as lists show it.
    public func title(of fields: JSONValue) -> String {
        fields[titleField]?.stringValue ?? ""
    }

    /// Where the record stands, in the person's language ("Draft").
    public func statusText(of fields: JSONValue, now: Date = Date()) -> String? {
        status?(fields, now).text
    }

    /// Where the record stands, in the word that never changes with the language: for JSON
    /// and style classes.
    public func statusKey(of fields: JSONValue, now: Date = Date()) -> String? {
        status?(fields, now).key
    }

    public var hasStatus: Bool { status != nil }

    public func isVisibleToMembers(_ fields: JSONValue, now: Date) -> Bool {
        visibleToMembers(fields, now)
    }

    public func storeWindow(of fields: JSONValue, zone: TimeZone) -> RecordWindow {
        window(fields, zone)
    }
}

/// What the store indexes of a record for date queries, in ms since 1970.
public struct RecordWindow: Hashable, Sendable {
    public var start: Int64?
    public var end: Int64?

    public init(start: Int64? = nil, end: Int64? = nil) {
        self.start = start
        self.end = end
    }
}

extension RecordType {
    /// Adds a check across fields, run once every field passed on its own.
    func rule(_ check: @escaping @Sendable (_ values: [String: JSONValue], _ issues: inout IssueCollector) -> Void) -> RecordType {
        var copy = self
        copy.rules.append(check)
        return copy
    }

    /// Adds a finishing touch to records that passed validation (see `completions`).
    func completing(_ complete: @escaping @Sendable (_ values: inout [String: JSONValue]) -> Void) -> RecordType {
        var copy = self
        copy.completions.append(complete)
        return copy
    }

    /// Keys that are no field are dropped, not refused (see `dropsUnknownKeys`).
    func droppingUnknownKeys() -> RecordType {
        var copy = self
        copy.dropsUnknownKeys = true
        return copy
    }

    /// Records `refusal` keeps from being removed, with its reason (see `removalRefusal`).
    func removable(unless refusal: @escaping @Sendable (_ fields: JSONValue, _ now: Date) -> String?) -> RecordType {
        var copy = self
        copy.removalRefusal = refusal
        return copy
    }

    func singleton() -> RecordType {
        var copy = self
        copy.isSingleton = true
        return copy
    }

    func madeByStore() -> RecordType {
        var copy = self
        copy.isMadeByStore = true
        return copy
    }

    /// Records of this type are never changed or deleted once made; `correction` says what to
    /// do instead, in the refusal both the console and the store give.
    func appendOnly(correction: Translatable) -> RecordType {
        var copy = self
        copy.appendOnlyCorrection = correction
        return copy
    }

    /// Why a change or delete of one of these records is refused, for the console and (in
    /// English, as it never sets a locale) the store.
    public var appendOnlyRefusal: String? {
        appendOnlyCorrection.map { tr("{things} are never changed; {correction}", ["things": pluralNoun, "correction": $0.text]) }
    }

    /// For staff alone: members never read these records, and the apps' read endpoints do not
    /// serve the type at all (who borrowed what, who went where, how to reach them).
    func staffOnly() -> RecordType {
        var copy = members { _, _ in false }
        copy.isStaffOnly = true
        return copy
    }

    /// Records that belong to the one they name (see `belongsToItsReference`).
    func belongingToItsReference() -> RecordType {
        var copy = self
        copy.belongsToItsReference = true
        return copy
    }

    /// Records the console writes from a mirror it keeps (see `isMirrored`).
    func mirrored() -> RecordType {
        var copy = self
        copy.isMirrored = true
        return copy
    }

    /// Records `kept` says are served to a member only while they lead a community group.
    func forGroupLeaders(_ kept: @escaping @Sendable (_ fields: JSONValue) -> Bool) -> RecordType {
        var copy = self
        copy.groupLeadersOnly = kept
        return copy
    }

    func members(_ visible: @escaping @Sendable (_ fields: JSONValue, _ now: Date) -> Bool) -> RecordType {
        var copy = self
        copy.visibleToMembers = visible
        return copy
    }

    func indexed(_ window: @escaping @Sendable (_ fields: JSONValue, _ zone: TimeZone) -> RecordWindow) -> RecordType {
        var copy = self
        copy.window = window
        return copy
    }

    func withStatus(_ status: @escaping @Sendable (_ fields: JSONValue, _ now: Date) -> RecordStatus) -> RecordType {
        var copy = self
        copy.status = status
        return copy
    }

    /// Milliseconds since 1970 of a date-time field's value.
    static func instant(_ value: JSONValue?) -> Int64? {
        value?.stringValue.flatMap(DateTimeText.parseUTC).map(Milliseconds.from)
    }
}

/// Where a record stands. `key` is the English word, the same in every language (the command
/// line's JSON, the list's style classes); `text` is what people read.
public struct RecordStatus: Hashable, Sendable {
    public let key: String
    public let text: String

    public init(key: String, text: String) {
        self.key = key
        self.text = text
    }
}
