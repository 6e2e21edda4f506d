import Foundation
import Translation

/// A group or a team suggested for a lead: how well it fits (`score`, higher is better) and why,
/// in short parts staff read ("meets Tuesday 19:30, when she is free", "for sophomores",
/// "North Campus", "3 places left").
public struct LeadSuggestion: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case group
        case team
    }

    public let kind: Kind
    public let id: UUID
    /// "North Campus Women (Hannah Wells)", "Worship Team".
    public let label: String
    public let score: Int
    public let reasons: [String]
    /// Places left in a group with a capacity; nil for a team or a group without one.
    public let placesLeft: Int?

    /// The reasons on one line.
    public var reason: String { reasons.joined(separator: "; ") }
}

/// Which community groups and ministry teams fit a lead best, from the questionnaire's answers
/// and what the groups say of themselves; pure, so the Leads page, the command line and the
/// tests rank alike. A group that cannot take the lead is left out: one for the other gender,
/// or one full (its capacity taken by the members it has and the leads routed to it that are
/// not "not interested"). The rest are scored on their meeting time against when the lead is
/// free, their years, their area and their topics against the lead's interests, best first.
/// Teams closed to new people are left out; an open team is offered when the lead's interests
/// name its name or topics, or name serving at all.
public enum LeadSuggestions {
    /// What fits counts this much; what does not, as much against.
    static let timeWeight = 3
    static let genderWeight = 2
    static let yearWeight = 2
    static let areaWeight = 1
    static let topicWeight = 2
    static let topicsCounted = 2

    /// The groups, then the teams, each best first; `leads` are every lead of the organization
    /// (for the places each group has left), `leadId` the lead's own id (not counted against
    /// the group it is routed to).
    public static func rank(lead: JSONValue, leadId: UUID?, groups: [LocalRecord], teams: [LocalRecord],
                            leads: [LocalRecord]) -> [LeadSuggestion] {
        let answers = Answers(lead)
        var routed: [String: Int] = [:]
        for other in leads where other.id != leadId && !other.deleted {
            guard other.fields["state"]?.stringValue != LeadState.notInterested.rawValue,
                  let group = other.fields["group"]?.stringValue?.lowercased() else { continue }
            routed[group, default: 0] += 1
        }
        let fitting = groups.filter { !$0.deleted }.compactMap { group in
            suggestion(group: group, answers, taken: routed[group.id.uuidString.lowercased()] ?? 0)
        }
        let serving = teams.filter { !$0.deleted }.compactMap { suggestion(team: $0, answers) }
        return ordered(fitting) + ordered(serving)
    }

    private static func ordered(_ suggestions: [LeadSuggestion]) -> [LeadSuggestion] {
        suggestions.sorted {
            if $0.score != $1.score { return $0.score > $1.score }
            if ($0.placesLeft ?? Int.max) != ($1.placesLeft ?? Int.max) { return ($0.placesLeft ?? Int.max) > ($1.placesLeft ?? Int.max) }
            return $0.label.localizedCaseInsensitiveCompare($1.label) == .orderedAscending
        }
    }

    // MARK: groups

    static func suggestion(group: LocalRecord, _ lead: Answers, taken: Int) -> LeadSuggestion? {
        let fields = group.fields
        var score = 0
        var reasons: [String] = []
        // Gender first: a group for the other one cannot take the lead.
        if let audience = fields["gender"]?.stringValue, MinistryGender.groupNames.contains(audience) {
            if let gender = lead.gender {
                guard MinistryGender.group(of: gender) == audience else { return nil }
                score += genderWeight
            }
            reasons.append(audience == "women" ? tr("for women") : tr("for men"))
        }
        var placesLeft: Int?
        if let capacity = fields["capacity"]?.int64Value {
            let left = Int(capacity) - Int(fields["members"]?.int64Value ?? 0) - taken
            guard left > 0 else { return nil }
            placesLeft = left
        }
        if let day = fields["meetingDay"]?.stringValue, let time = fields["meetingTime"]?.stringValue {
            let (points, text) = meeting(day: day, time: time, lead)
            score += points
            reasons.insert(text, at: 0)
        }
        let years = (fields["years"]?.arrayValue ?? []).compactMap(\.stringValue).filter(StudentYear.names.contains)
        if !years.isEmpty {
            if let year = lead.year {
                if years.contains(year) {
                    score += yearWeight
                    reasons.append(tr("for {years}", ["years": StudentYear.plural(year) ?? year]))
                } else {
                    score -= yearWeight
                    reasons.append(tr("for {years}, not {year}", ["years": listed(years.compactMap(StudentYear.plural)),
                                                                   "year": StudentYear.plural(year) ?? year]))
                }
            } else {
                reasons.append(tr("for {years}", ["years": listed(years.compactMap(StudentYear.plural))]))
            }
        }
        let area = (fields["area"]?.stringValue ?? "").trimmingCharacters(in: .whitespaces)
        if !area.isEmpty {
            if let leadArea = lead.area, Words.normalized(leadArea) == Words.normalized(area) {
                score += areaWeight
                reasons.append(area)
            } else if lead.area != nil {
                reasons.append(tr("{area}, not {leadArea}", ["area": area, "leadArea": lead.area ?? ""]))
            } else {
                reasons.append(area)
            }
        }
        let topics = matchingTopics(fields["topics"], lead)
        if !topics.isEmpty {
            score += topicWeight * min(topics.count, topicsCounted)
            reasons.append(tr("interested in {topics}", ["topics": listed(topics)]))
        }
        if let placesLeft {
            reasons.append(trn("{count} place left", "{count} places left", placesLeft))
        }
        return LeadSuggestion(kind: .group, id: group.id, label: RecordType.groupLabel(fields), score: score,
                              reasons: reasons, placesLeft: placesLeft)
    }

    /// The meeting against when the lead is free: free that day (and at that part of the day,
    /// when they said), not free then, or not said.
    private static func meeting(day: String, time: String, _ lead: Answers) -> (Int, String) {
        let dayName = MeetingDay.title(day) ?? day
        guard lead.freeDays != nil || lead.freeTimes != nil else {
            return (0, tr("meets {day} {time}", ["day": dayName, "time": time]))
        }
        let part = MeetingTime.minutes(time).map { DayPart.of(minutes: $0) }
        let dayFits = lead.freeDays?.contains(day) ?? true
        let timeFits = part.map { lead.freeTimes?.contains($0) ?? true } ?? true
        let values = ["day": dayName, "time": time]
        if dayFits && timeFits {
            let text = switch lead.gender ?? "" {
            case "woman": tr("meets {day} {time}, when she is free", values)
            case "man": tr("meets {day} {time}, when he is free", values)
            default: tr("meets {day} {time}, when they are free", values)
            }
            return (timeWeight, text)
        }
        let text = switch lead.gender ?? "" {
        case "woman": tr("meets {day} {time}, when she is not free", values)
        case "man": tr("meets {day} {time}, when he is not free", values)
        default: tr("meets {day} {time}, when they are not free", values)
        }
        return (-timeWeight, text)
    }

    // MARK: teams

    static func suggestion(team: LocalRecord, _ lead: Answers) -> LeadSuggestion? {
        let fields = team.fields
        guard fields["openToNew"]?.boolValue != false else { return nil }
        let name = fields["name"]?.stringValue ?? ""
        var topics = matchingTopics(fields["topics"], lead)
        if topics.isEmpty, Words.all(in: name).isSubset(of: lead.interestWords), !Words.all(in: name).isEmpty {
            topics = [name]
        }
        var reasons: [String] = []
        var score = 0
        if !topics.isEmpty {
            score = topicWeight * min(topics.count, topicsCounted)
            reasons.append(tr("interested in {topics}", ["topics": listed(topics)]))
        } else if lead.wantsToServe {
            reasons.append(tr("would like to serve"))
        } else {
            return nil
        }
        reasons.append(tr("open to new members"))
        let meets = (fields["meets"]?.stringValue ?? "").trimmingCharacters(in: .whitespaces)
        if !meets.isEmpty { reasons.insert(tr("meets {when}", ["when": meets]), at: 0) }
        return LeadSuggestion(kind: .team, id: team.id, label: name, score: score, reasons: reasons, placesLeft: nil)
    }

    // MARK: reading the answers

    /// The topics of `topics` (a group's or a team's) whose every word the lead's interests name.
    private static func matchingTopics(_ topics: JSONValue?, _ lead: Answers) -> [String] {
        (topics?.arrayValue ?? []).compactMap(\.stringValue).filter { topic in
            let words = Words.all(in: topic)
            return !words.isEmpty && words.isSubset(of: lead.interestWords)
        }
    }

    /// "freshmen, sophomores"
    private static func listed(_ items: [String]) -> String { items.joined(separator: ", ") }

    /// A lead's answers, read once.
    struct Answers {
        let gender: String?
        let year: String?
        let area: String?
        let freeDays: Set<String>?
        let freeTimes: Set<String>?
        let interestWords: Set<String>
        let wantsToServe: Bool

        init(_ lead: JSONValue) {
            func word(_ name: String) -> String? {
                lead[name]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
            }
            func words(_ name: String) -> Set<String>? {
                let items = (lead[name]?.arrayValue ?? []).compactMap(\.stringValue)
                return items.isEmpty ? nil : Set(items)
            }
            gender = word("gender")
            year = word("year")
            area = word("area").map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
            freeDays = words("freeDays")
            freeTimes = words("freeTimes")
            interestWords = Words.all(in: lead["interests"]?.stringValue ?? "")
            wantsToServe = !interestWords.isDisjoint(with: Words.serving)
        }
    }

    /// Words as they are compared: lower case, without accents, a plural's "s" taken off, and
    /// without the words that say nothing of an interest ("small group", "team").
    enum Words {
        static let ignored: Set<String> = ["and", "the", "for", "with", "group", "team", "small", "ministry", "just",
                                           "grupo", "equipo", "los", "las", "del", "con", "para"]
        /// Interests that name serving: an open team is offered for them.
        static let serving: Set<String> = ["serve", "serving", "service", "volunteer", "volunteering", "help", "helping",
                                           "servir", "servicio", "voluntario", "voluntariado", "ayudar"]

        static func normalized(_ text: String) -> String {
            text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
                .trimmingCharacters(in: .whitespaces)
        }

        static func all(in text: String) -> Set<String> {
            let words = normalized(text).split { !$0.isLetter }.map(String.init)
            return Set(words.compactMap { word in
                guard word.count >= 3, !ignored.contains(word) else { return nil }
                // "engineers" reads as "engineer"; "bus" and "class" stay.
                return word.count >= 5 && word.hasSuffix("s") && !word.hasSuffix("ss") ? String(word.dropLast()) : word
            })
        }
    }
}
