import ArgumentParser
import Foundation
import StewardCore
import Translation

/// `stewardctl passport insights [--json]`: the figures of the window's Insights view.
struct PassportInsightsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "insights",
        abstract: "Check-ins and stamps per event and per host, stamps by month, and stamps per answer of the survey's choice questions.",
        discussion: """
            Read from the stamp ledger: revoked entries and the revocations count for nothing, so \
            the figures are the stamps members hold now. Months run in the organization's time zone. \
            For each version of a choice question (single or multiple choice, yes/no, scale), each \
            answer shows how many members gave it and the stamps they hold (in all, and per member).
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let insights = try await PassportInsights.load(organization, database: database)
        if output.json {
            Console.printJSON(PassportInsightsJSON.json(insights, timeZone: organization.timeZone))
        } else {
            Console.print(PassportInsightsText.lines(insights, timeZone: organization.timeZone))
        }
    }
}

/// The insights as JSON: `{"checkIns", "stamps", "members", "events": [...], "hosts": [...],
/// "months": [...], "questions": [...]}`.
enum PassportInsightsJSON {
    static func json(_ insights: PassportInsights, timeZone: TimeZone) -> JSONValue {
        let events: [JSONValue] = insights.events.map(event)
        let hosts: [JSONValue] = insights.hosts.map(host)
        let months: [JSONValue] = insights.months.map { month($0, timeZone: timeZone) }
        let questions: [JSONValue] = insights.questions.map(question)
        return .object([
            "checkIns": .int(Int64(insights.checkIns)), "stamps": .int(Int64(insights.stamps)),
            "members": .int(Int64(insights.members)),
            "events": .array(events), "hosts": .array(hosts), "months": .array(months), "questions": .array(questions),
        ])
    }

    static func event(_ event: PassportInsights.EventFigures) -> JSONValue {
        let startsAt: JSONValue = JSONValue.optional(event.startsAt.map(DateTimeText.utc))
        return .object([
            "event": .string(event.event), "title": .string(event.title), "host": .string(event.host), "startsAt": startsAt,
            "checkIns": .int(Int64(event.checkIns)), "grants": .int(Int64(event.grants)),
            "revoked": .int(Int64(event.revoked)), "stamps": .int(Int64(event.stamps)),
        ])
    }

    static func host(_ host: PassportInsights.HostFigures) -> JSONValue {
        .object([
            "host": .string(host.host), "events": .int(Int64(host.events)), "checkIns": .int(Int64(host.checkIns)),
            "grants": .int(Int64(host.grants)), "stamps": .int(Int64(host.stamps)), "members": .int(Int64(host.members)),
        ])
    }

    static func month(_ month: PassportInsights.Month, timeZone: TimeZone) -> JSONValue {
        .object([
            "month": .string(monthKey(month.start, timeZone: timeZone)), "checkIns": .int(Int64(month.checkIns)),
            "stamps": .int(Int64(month.stamps)),
        ])
    }

    static func question(_ question: PassportInsights.QuestionFigures) -> JSONValue {
        let answers: [JSONValue] = question.answers.map { answer in
            let perMember: Double = (answer.average * 100).rounded() / 100
            return .object([
                "value": .string(answer.value), "members": .int(Int64(answer.members)),
                "stamps": .int(Int64(answer.stamps)), "stampsPerMember": .double(perMember),
            ])
        }
        return .object([
            "question": .string(question.question), "version": .int(Int64(question.version)),
            "prompt": .string(question.prompt), "type": .string(question.kind.rawValue), "answers": .array(answers),
        ])
    }

    /// `2026-03`: the month in the organization's time zone.
    static func monthKey(_ start: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month], from: start)
        return String(format: "%04d-%02d", parts.year ?? 0, parts.month ?? 0)
    }
}

/// The insights as text: the totals, then a table per section.
enum PassportInsightsText {
    static func lines(_ insights: PassportInsights, timeZone: TimeZone) -> [String] {
        var lines = [tr("Check-ins: {checkIns} · Stamps held: {stamps} · Members with stamps: {members}",
                        ["checkIns": String(insights.checkIns), "stamps": String(insights.stamps),
                         "members": String(insights.members)])]
        var events = Table(trc("table heading", "EVENT"), trc("table heading", "HOST"), trc("table heading", "CHECK-INS"),
                           trc("table heading", "GRANTS"), trc("table heading", "REVOKED"), trc("table heading", "STAMPS"))
        for event in insights.events {
            events.append(event.title, event.host, String(event.checkIns), String(event.grants), String(event.revoked),
                          String(event.stamps))
        }
        lines += ["", tr("Per event")] + events.lines
        var hosts = Table(trc("table heading", "HOST"), trc("table heading", "EVENTS"), trc("table heading", "CHECK-INS"),
                          trc("table heading", "STAMPS"), trc("table heading", "MEMBERS"))
        for host in insights.hosts {
            hosts.append(host.host.isEmpty ? tr("(no host)") : host.host, String(host.events), String(host.checkIns),
                         String(host.stamps), String(host.members))
        }
        lines += ["", tr("Per host")] + hosts.lines
        var months = Table(trc("table heading", "MONTH"), trc("table heading", "CHECK-INS"), trc("table heading", "STAMPS"))
        for month in insights.months {
            months.append(PassportInsightsJSON.monthKey(month.start, timeZone: timeZone), String(month.checkIns),
                          String(month.stamps))
        }
        lines += ["", tr("Stamps by month")] + months.lines
        for question in insights.questions {
            var answers = Table(trc("table heading", "ANSWER"), trc("table heading", "MEMBERS"), trc("table heading", "STAMPS"),
                                trc("table heading", "PER MEMBER"))
            for answer in question.answers {
                answers.append(SurveyResult.label(answer.value, kind: question.kind), String(answer.members),
                               String(answer.stamps), String(format: "%.1f", answer.average))
            }
            lines += ["", tr("“{prompt}” (version {version}): stamps per answer",
                             ["prompt": question.prompt, "version": String(question.version)])] + answers.lines
        }
        return lines
    }
}
