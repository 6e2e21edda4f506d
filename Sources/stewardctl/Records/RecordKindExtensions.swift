import ArgumentParser
import Foundation
import StewardCore

// The pieces a `RecordKind` may supply to the generic commands, each with the declaration's way
// as its default. They are small on purpose: a type replaces only what it does differently.

/// How `add` and `update` read a record's fields from the command line. The default,
/// `RecordFieldInput`, takes one option per declared field from the words ArgumentParser leaves;
/// a type with options of its own (events) declares them as ArgumentParser options instead.
protocol RecordFieldReader: ParsableArguments {
    associatedtype Edit: RecordFieldEdit
    /// The field options for `--help` when ArgumentParser does not list them itself; nil when it does.
    static func fieldsHelp(_ type: RecordType, markingRequired: Bool) -> String?
    /// What was given, read before anything is opened (unreadable input changes nothing), and
    /// the words that were no option (the id `update` takes).
    func read(_ type: RecordType, command: String) throws -> (edit: Edit, positionals: [String])
}

/// The fields a command was given, to apply to a record.
protocol RecordFieldEdit {
    /// Whether nothing at all was given (`update` then refuses).
    var isEmpty: Bool { get }
    /// The fields to change in `current`, or every field of a new record when it is nil. The
    /// caller validates the result with the declaration and writes it.
    func changes(to current: JSONValue?, orgZone: TimeZone) throws -> [String: JSONValue]
}

/// The declared options' values, by field name, are the changes themselves.
extension Dictionary: RecordFieldEdit where Key == String, Value == JSONValue {
    func changes(to current: JSONValue?, orgZone: TimeZone) -> [String: JSONValue] { self }
}

/// What `list` takes to order its records, besides `--search` and `--limit`.
protocol RecordListOrder: ParsableArguments {
    /// The first `limit` records of the list (all of them without one), and how many it has in all.
    func records(_ type: RecordType, search: String, limit: Int?, in org: Organization,
                 database: AppDatabase) async throws -> (shown: [LocalRecord], total: Int)
}

/// The declaration's order (`orderField`), with no options of its own.
struct DeclaredListOrder: RecordListOrder {
    func records(_ type: RecordType, search: String, limit: Int?, in org: Organization,
                 database: AppDatabase) async throws -> (shown: [LocalRecord], total: Int) {
        let all = try await RecordService(database: database).list(type, in: org, search: search)
        return (limit.map { Array(all.prefix($0)) } ?? all, all.count)
    }
}

/// How a type's records print. The default is `RecordOutput`, from the declaration.
protocol RecordPrinter {
    /// One record as `show --json` prints it (and `--input` reads it back).
    func json(_ record: LocalRecord) -> JSONValue
    /// One record as label-value lines, its id first (`add` prints the id alone before the rest).
    func lines(_ record: LocalRecord) -> [String]
    /// The table `list` prints.
    func table(_ records: [LocalRecord]) -> [String]
    /// The line `remove` prints.
    func removed(_ record: LocalRecord) -> String
}

/// What part of a record `update` and `remove` act on. By default the whole record; a type
/// whose records have parts of their own (a series' occurrences: `--occurrence`) supplies
/// options naming one, and says what changing or removing that part writes.
protocol RecordEditScope: ParsableArguments {
    /// Whether no part was named: the commands act on the whole record.
    var isWholeRecord: Bool { get }
    /// `remove`: the record's fields once the part is gone, written instead of deleting it.
    func fields(removingPartOf stored: LocalRecord, zone: TimeZone) throws -> JSONValue
    /// `update`: the part's own fields, which the options given change.
    func partFields(of stored: LocalRecord, zone: TimeZone) throws -> JSONValue
    /// `update`: what the edited part makes of the record (its new fields), and the fields of a
    /// record to add beside it (a series split in two), if any.
    func writes(editing stored: LocalRecord, part: JSONValue, zone: TimeZone) throws -> (record: JSONValue, added: JSONValue?)
}

/// The whole record, always.
struct WholeRecord: RecordEditScope {
    var isWholeRecord: Bool { true }
    func fields(removingPartOf stored: LocalRecord, zone: TimeZone) throws -> JSONValue { stored.fields }
    func partFields(of stored: LocalRecord, zone: TimeZone) throws -> JSONValue { stored.fields }
    func writes(editing stored: LocalRecord, part: JSONValue, zone: TimeZone) throws -> (record: JSONValue, added: JSONValue?) {
        (part, nil)
    }
}
