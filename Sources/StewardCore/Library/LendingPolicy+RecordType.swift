import Foundation
import Translation

extension RecordType {
    /// How long the organization lends a book and how often a loan may be renewed. One per
    /// organization, kept as a record so every console of it lends alike; without one, the
    /// defaults of `LendingPolicy` apply.
    public static let lendingPolicy = RecordType(
        entity: "lendingPolicy", commandName: "lending-policy", module: .loans,
        nouns: RecordNouns(trLater("lending policy"), trLater("lending policies"), title: trLater("Lending Policy"),
                           pluralTitle: trLater("Lending Policies"),
                           counted: { trn("{count} lending policy", "{count} lending policies", $0, ["count": $1]) }),
        fields: [
            FieldSpec("name", trLater("Name"), .text(maxLength: 100), [.listed],
                      help: trLater("What to call it, like \"Lending policy\"."), default: .string("Lending policy")),
            FieldSpec("loanDays", trLater("Loan period (days)"), .integer(1...365), [.listed],
                      help: trLater("How many days a loan lasts, and a renewal adds."), default: .int(LendingPolicy.defaultLoanDays)),
            FieldSpec("maxRenewals", trLater("Renewals allowed"), .integer(0...LoanRules.mostRenewals), [.listed],
                      help: trLater("How many times one loan may be renewed."), default: .int(LendingPolicy.defaultMaxRenewals)),
        ],
        titleField: "name")
        .singleton()
}

/// The organization's lending rules, from its `lendingPolicy` record or the defaults.
public struct LendingPolicy: Hashable, Sendable {
    public static let defaultLoanDays: Int64 = 21
    public static let defaultMaxRenewals: Int64 = 2

    public var loanDays: Int
    public var maxRenewals: Int

    public init(loanDays: Int = Int(defaultLoanDays), maxRenewals: Int = Int(defaultMaxRenewals)) {
        self.loanDays = loanDays
        self.maxRenewals = maxRenewals
    }

    init(fields: JSONValue?) {
        self.init(loanDays: Int(fields?["loanDays"]?.int64Value ?? Self.defaultLoanDays),
                  maxRenewals: Int(fields?["maxRenewals"]?.int64Value ?? Self.defaultMaxRenewals))
    }
}
