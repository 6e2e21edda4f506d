import Foundation
import Translation

extension RecordType {
    /// A book lent to a borrower: when, until when, how often renewed, and how it ended. Only
    /// `LoanService` moves a loan from state to state; the fields are the record's whole story,
    /// so it syncs, keeps history and settles conflicts like any record.
    public static let loan = RecordType(
        entity: "loan", commandName: "loans", module: .loans,
        nouns: RecordNouns(trLater("loan"), trLater("loans"), title: trLater("Loan"), pluralTitle: trLater("Loans"),
                           counted: { trn("{count} loan", "{count} loans", $0, ["count": $1]) }),
        fields: [
            FieldSpec("book", trLater("Book"), .reference(entity: "book"), [.required, .listed],
                      help: trLater("The id of the book lent (see `stewardctl books list`).")),
            FieldSpec("borrower", trLater("Borrower"), .reference(entity: "borrower"), [.required, .listed],
                      help: trLater("The id of who has it (see `stewardctl borrowers list`).")),
            FieldSpec("lentOn", trLater("Lent on"), .date, [.required, .listed],
                      help: trLater("The day it was lent, like 2026-12-06.")),
            FieldSpec("dueOn", trLater("Due on"), .date, [.required, .listed],
                      help: trLater("The day it is due back, like 2026-12-27.")),
            FieldSpec("renewals", trLater("Renewals"), .integer(0...LoanRules.mostRenewals),
                      help: trLater("How many times it has been renewed."), default: .int(0)),
            FieldSpec("state", trLater("State"), .choice(LoanState.words),
                      help: trLater("out, returned, lost or claims-returned (the borrower says it came back; it has not been found)."),
                      default: .string(LoanState.out.rawValue))
                .showingChoices { LoanState(rawValue: $0)?.text },
            FieldSpec("returnedOn", trLater("Returned on"), .date, help: trLater("The day it came back.")),
            FieldSpec("condition", trLater("Condition"), .text(maxLength: 500),
                      help: trLater("The book's condition when it came back, like \"water damage on the cover\".")),
            FieldSpec("markedBy", trLater("Marked by"), .text(maxLength: 200),
                      help: trLater("Who marked it lost or claims-returned.")),
            FieldSpec("markedOn", trLater("Marked on"), .date, help: trLater("The day it was marked lost or claims-returned.")),
            FieldSpec("note", trLater("Note"), .longText(maxLength: 2000), [.searchable], help: trLater("Anything about this loan.")),
        ],
        titleField: "book", orderField: "lentOn", orderDescending: true)
        .rule { values, issues in
            let state = LoanState(fields: .object(values))
            // A due date before the lending day is allowed: staff backdate a loan that should
            // already be back (and so shows as overdue at once).
            let lent = values["lentOn"]?.stringValue.flatMap(LocalDate.init(iso:))
            let returned = values["returnedOn"]?.stringValue.flatMap(LocalDate.init(iso:))
            if state == .returned, returned == nil {
                issues.add("returned-on", tr("is needed for a returned loan: the day it came back"))
            } else if state != .returned, returned != nil {
                issues.add("returned-on", tr("is only for a returned loan; set --state returned or leave it empty"))
            }
            if let lent, let returned, returned < lent {
                issues.add("returned-on", tr("must be on or after the day it was lent ({date})", ["date": lent.description]))
            }
        }
        // The status is told the time, not the organization's zone: the day it names is the
        // one the last zone on Earth has reached, so a loan never shows overdue before its due
        // day has ended where the library is (the report, which knows the zone, is exact).
        .withStatus { fields, now in LoanStatus.of(fields, today: LocalDate(now, in: LoanStatus.latestZone)) }
        // Who has which book is for staff, not for every member of the app.
        .staffOnly()
        .oneOpen(per: "book", isOpen: { LoanState(fields: $0).isOpen }, candidates: { try LoanQueries.openLoans(ofBook: $0, orgId: $1, $2) })
}

/// The limits every organization's loans share.
public enum LoanRules {
    /// The renewal count a loan may reach at most, whatever an organization's policy says.
    public static let mostRenewals: Int64 = 99
}
