import Foundation

/// What the passport's ledger says about the programme, the questions the original admin suite
/// answered: per event and per host, how many checked in and how many stamps were given; stamps
/// month by month; and how survey answers relate to attendance (the stamps of the members who
/// gave each answer of a choice question). Derived from the ledger every time, never stored;
/// revoked entries and the revocations themselves count for nothing here, so a figure is what
/// members hold now. `PassportInsights.load` reads it from the console's database.
public struct PassportInsights: Sendable {
    /// One event that appears in the ledger or gives stamps.
    public struct EventFigures: Hashable, Sendable {
        public var event: String
        public var title: String
        /// Who runs it (the event's `host`); empty when nobody is named.
        public var host: String
        /// nil for an ongoing (untimed) event.
        public var startsAt: Date?
        /// Members who checked in themselves (entries that still count).
        public var checkIns: Int
        /// Stamps staff granted that still count.
        public var grants: Int
        /// Entries staff revoked.
        public var revoked: Int
        /// Stamps held for the event: check-ins and grants that still count.
        public var stamps: Int
    }

    /// Every event of one host, added up.
    public struct HostFigures: Hashable, Sendable {
        public var host: String
        public var events: Int
        public var checkIns: Int
        public var grants: Int
        public var stamps: Int
        /// Different members holding a stamp of one of the host's events.
        public var members: Int
    }

    /// One month: the stamps given in it (by the time of their entry) that still count.
    public struct Month: Hashable, Sendable {
        /// The first day of the month, at midnight in the organization's time zone.
        public var start: Date
        public var checkIns: Int
        public var stamps: Int

        public init(start: Date, checkIns: Int, stamps: Int) {
            self.start = start
            self.checkIns = checkIns
            self.stamps = stamps
        }
    }

    /// The members who gave one answer, and the stamps they hold.
    public struct AnswerFigures: Hashable, Sendable {
        /// The option as kept (`yes`, `4`, an option's text).
        public var value: String
        public var members: Int
        /// Stamps those members hold together.
        public var stamps: Int
        /// Stamps per member who gave this answer; 0 when nobody did.
        public var average: Double {
            members == 0 ? 0 : Double(stamps) / Double(members)
        }
    }

    /// A choice question's version, answer by answer.
    public struct QuestionFigures: Hashable, Sendable {
        public var question: String
        public var version: Int
        public var prompt: String
        public var kind: QuestionKind
        public var answers: [AnswerFigures]
    }

    /// Events, the most stamps first (then by title).
    public var events: [EventFigures] = []
    /// Hosts, the most stamps first; events without a host gather under "".
    public var hosts: [HostFigures] = []
    /// From the month of the first entry to the month of the last, none skipped.
    public var months: [Month] = []
    /// Choice questions (single and multiple choice, yes/no, scales), each version apart.
    public var questions: [QuestionFigures] = []
    /// All check-ins that count, all stamps held, members holding any.
    public var checkIns = 0
    public var stamps = 0
    public var members = 0

    public init() {}

    /// An event as the ledger's figures need it.
    public struct EventInfo: Hashable, Sendable {
        public var id: String
        public var title: String
        public var host: String
        public var startsAt: Date?
        public var givesStamps: Bool

        public init(id: String, title: String, host: String, startsAt: Date?, givesStamps: Bool) {
            self.id = id
            self.title = title
            self.host = host
            self.startsAt = startsAt
            self.givesStamps = givesStamps
        }
    }

    /// The figures of `entries`. `events` names the events (those not named show by id);
    /// `questions` are question records' ids and fields, `answers` the answer records' fields;
    /// months run in `timeZone`.
    public init(entries: [StampEntry], events: [EventInfo], questions: [(id: String, fields: JSONValue)],
                answers: [JSONValue], timeZone: TimeZone) {
        let live = StampTotals.live(entries)
        let reversed = StampTotals.reversed(in: entries)
        let info = Dictionary(events.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

        var byEvent: [String: EventFigures] = [:]
        func figures(_ event: String) -> EventFigures {
            byEvent[event] ?? EventFigures(event: event, title: info[event]?.title ?? event, host: info[event]?.host ?? "",
                                           startsAt: info[event]?.startsAt, checkIns: 0, grants: 0, revoked: 0, stamps: 0)
        }
        for event in events where event.givesStamps { byEvent[event.id] = figures(event.id) }
        for entry in live {
            var event = figures(entry.event)
            if entry.kind == .checkIn { event.checkIns += 1 } else { event.grants += 1 }
            event.stamps += entry.stamps
            byEvent[entry.event] = event
        }
        for entry in entries where reversed.contains(entry.key) {
            var event = figures(entry.event)
            event.revoked += 1
            byEvent[entry.event] = event
        }
        self.events = byEvent.values.sorted { ($1.stamps, $0.title.lowercased(), $0.event) < ($0.stamps, $1.title.lowercased(), $1.event) }

        var hostMembers: [String: Set<String>] = [:]
        for entry in live { hostMembers[figures(entry.event).host, default: []].insert(entry.member) }
        var byHost: [String: HostFigures] = [:]
        for event in self.events {
            var host = byHost[event.host] ?? HostFigures(host: event.host, events: 0, checkIns: 0, grants: 0, stamps: 0, members: 0)
            host.events += 1
            host.checkIns += event.checkIns
            host.grants += event.grants
            host.stamps += event.stamps
            host.members = hostMembers[event.host]?.count ?? 0
            byHost[event.host] = host
        }
        hosts = byHost.values.sorted { ($1.stamps, $0.host.lowercased()) < ($0.stamps, $1.host.lowercased()) }

        months = Self.months(live, timeZone: timeZone)
        checkIns = live.filter { $0.kind == .checkIn }.count
        stamps = live.reduce(0) { $0 + $1.stamps }
        var held: [String: Int] = [:]
        for entry in live { held[entry.member, default: 0] += entry.stamps }
        members = held.values.filter { $0 > 0 }.count
        self.questions = Self.questions(questions, answers: answers, stampsOf: held)
    }

    static func months(_ live: [StampEntry], timeZone: TimeZone) -> [Month] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        func monthStart(_ date: Date) -> Date {
            calendar.date(from: calendar.dateComponents([.year, .month], from: date)) ?? date
        }
        var byMonth: [Date: Month] = [:]
        for entry in live {
            let start = monthStart(entry.at)
            var month = byMonth[start] ?? Month(start: start, checkIns: 0, stamps: 0)
            if entry.kind == .checkIn { month.checkIns += 1 }
            month.stamps += entry.stamps
            byMonth[start] = month
        }
        guard let first = byMonth.keys.min(), let last = byMonth.keys.max() else { return [] }
        // Months without a stamp stay on the chart as zero, so the time axis is even.
        var months: [Month] = []
        var start = first
        while start <= last {
            months.append(byMonth[start] ?? Month(start: start, checkIns: 0, stamps: 0))
            guard let next = calendar.date(byAdding: .month, value: 1, to: start) else { break }
            start = next
        }
        return months
    }

    static func questions(_ questions: [(id: String, fields: JSONValue)], answers: [JSONValue],
                          stampsOf held: [String: Int]) -> [QuestionFigures] {
        let ordered = questions.sorted {
            ($0.fields["position"]?.int64Value ?? 0, $0.id) < ($1.fields["position"]?.int64Value ?? 0, $1.id)
        }
        var figures: [QuestionFigures] = []
        for question in ordered {
            let mine = answers.filter { $0["question"]?.stringValue == question.id }
            for version in QuestionVersion.all(of: question.fields) where version.kind.isChoice {
                var chose: [String: Set<String>] = [:]
                for answer in mine where answer["version"]?.int64Value == Int64(version.version) {
                    guard let member = answer["member"]?.stringValue, let value = answer["value"]?.stringValue else { continue }
                    let values = version.kind == .multipleChoice ? value.split(separator: "\n").map(String.init) : [value]
                    for value in values { chose[value, default: []].insert(member) }
                }
                let fixed: [String]
                switch version.kind {
                case .yesNo: fixed = ["yes", "no"]
                case .scale: fixed = version.scale.map(String.init)
                default: fixed = version.options
                }
                let others = chose.keys.filter { !fixed.contains($0) }.sorted()
                let rows = (fixed + others).map { value in
                    let members = chose[value] ?? []
                    return AnswerFigures(value: value, members: members.count,
                                         stamps: members.reduce(0) { $0 + max(0, held[$1] ?? 0) })
                }
                figures.append(QuestionFigures(question: question.id, version: version.version, prompt: version.prompt,
                                               kind: version.kind, answers: rows))
            }
        }
        return figures
    }
}

extension QuestionKind {
    /// Answered by choosing among set values: what insights can group members by.
    public var isChoice: Bool {
        switch self {
        case .singleChoice, .multipleChoice, .yesNo, .scale: true
        default: false
        }
    }
}
