import Foundation
import Translation

extension RecordType {
    /// An app user's account as staff see it, made when they register on the store. The password
    /// hash never leaves the store; staff change only `role` and `disabled` (admins).
    public static let member = RecordType(
        entity: "member", commandName: "members", module: .approvals, nouns: RecordNouns(trLater("member"), trLater("members"), title: trLater("Member"),
                           pluralTitle: trLater("Members"),
                           counted: { trn("{count} member", "{count} members", $0, ["count": $1]) }),
        fields: [
            FieldSpec("displayName", trLater("Name"), .text(maxLength: MemberRules.maxDisplayNameLength),
                      [.required, .listed, .searchable], help: trLater("The name the member goes by in the app.")),
            FieldSpec("email", trLater("Email"), .email, [.required, .listed, .searchable],
                      help: trLater("The address the member signs in with.")),
            FieldSpec("audience", trLater("Audience"), .choice(MemberAudience.allCases.map(\.rawValue)), [.required, .listed],
                      help: trLater("Who the account is for: students or residents."))
                .showingChoices { QuestionAudience(rawValue: $0)?.title },
            FieldSpec("role", trLater("Role"), .choice(MemberRole.allCases.map(\.rawValue)), [.listed],
                      help: trLater("member, or organizer: a trusted organizer's submissions skip the queue."),
                      default: .string(MemberRole.member.rawValue))
                .showingChoices { MemberRole(rawValue: $0)?.title },
            FieldSpec("disabled", trLater("Disabled"), .boolean, [.listed],
                      help: trLater("A disabled member can no longer sign in or submit."), default: .bool(false)),
            FieldSpec("registeredAt", trLater("Registered"), .dateTime, help: trLater("When the member registered.")),
            // The passport's leaderboard (Passport/Leaderboard.swift). Defaults keep the records
            // members made before these fields valid.
            FieldSpec("leaderboard", trLater("Leaderboard"), .choice(LeaderboardChoice.allCases.map(\.rawValue)),
                      help: trLater("default (shown, unless a minor), opt-out (never shown) or opt-in (shown, a minor too)."),
                      default: .string(LeaderboardChoice.standard.rawValue)),
            FieldSpec("minor", trLater("Minor"), .boolean,
                      help: trLater("Under 18: left off the leaderboard unless they or their guardian opt in."),
                      default: .bool(false)),
        ],
        titleField: "displayName")
        .madeByStore()
        .withStatus { fields, _ in
            if fields["disabled"]?.boolValue == true { return RecordStatus(key: "disabled", text: trc("member role", "Disabled")) }
            let role = (fields["role"]?.stringValue).flatMap(MemberRole.init(rawValue:)) ?? .member
            return RecordStatus(key: role.rawValue, text: role.title)
        }
}

/// What makes a member's registration acceptable, beside the password rules staff share.
public enum MemberRules {
    public static let maxDisplayNameLength = 100
}
