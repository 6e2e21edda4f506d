import Foundation
import GtkKit
import StewardCore
import Translation

/// The Leads page: the "get involved" answers from the app, newest first, as the lead type
/// declares them (search, New for a paper card, Open, Delete). Above the list, a filter shows
/// the leads of one state, and two drop-downs act on the selected lead as soon as a choice is
/// made: Route to (a community group and its leader) and State. A change the lead's rules
/// refuse (joined, but routed to nobody) is said in a toast and the drop-down goes back. A lead
/// routed to a group shows who leads it and how to reach them, and when that is an e-mail
/// address, the hand-off (`LeadHandOff`): Send to Leader through the organization's mail server
/// when it is set up (off the main thread, the result in a toast, logged), and always the draft
/// in the desktop's mail program. Under it, the groups and teams that fit the selected lead
/// best (`LeadSuggestions`), each with why and a Route button that routes the lead there, and
/// a Team drop-down for the ministry team it is routed to beside its group.
@MainActor
final class LeadsPage: ModulePage {
    let widget: Widget
    private let header: ModuleHeader
    private let leads: RecordListPage
    private let routing: LeadRouting
    private let records: RecordService
    private let toasts: ToastOverlay
    private let filterDropDown: DropDown
    private let routeDropDown: DropDown
    private let stateDropDown: DropDown
    private let handOffBar: Box
    private let handOffLabel: Label
    private let handOff: LinkButton
    private let handOffSend: Button
    private let mail: MailService
    private let suggestionsBox: Box
    private let suggestionsLabel: Label
    private let suggestionsList: ListBox
    private let suggestionsScroller: Widget
    private let teamDropDown: DropDown
    /// The teams the team drop-down offers after "No team", in its order.
    private var teamIds: [UUID] = []
    /// What the suggestions are ranked from: the organization's groups, teams and leads.
    private var groupRecords: [LocalRecord] = []
    private var teamRecords: [LocalRecord] = []
    private var leadRecords: [LocalRecord] = []
    /// How many suggestions of each kind the selected lead shows.
    private static let groupsSuggested = 3
    private static let teamsSuggested = 2
    /// Whether the organization shown has a mail server: Send to Leader then shows.
    private var mailReady = false
    private var organization: Organization?
    private var canEdit = true
    /// The groups the route drop-down offers after "Nobody yet", in its order.
    private var groupIds: [UUID] = []
    /// Those groups' fields by id, for the hand-off's draft.
    private var groupFields: [UUID: JSONValue] = [:]
    /// Set while the drop-downs are made to show the selected lead, so that showing is not
    /// taken for a choice.
    private var showingSelection = false
    private var groupsRequest = 0

    var onLocalChange: (() -> Void)? {
        get { leads.onLocalChange }
        set { leads.onLocalChange = newValue }
    }

    /// The filter's choices: every lead, then one state each.
    private static let filterStates: [LeadState?] = [nil] + LeadState.allCases.map { Optional($0) }

    /// Where a refused change is said in full (`RefusalDialog`).
    private let window: ApplicationWindow

    init(service: RecordService, mail: MailService, window: ApplicationWindow, toasts: ToastOverlay) {
        records = service
        self.mail = mail
        routing = LeadRouting(records: service)
        self.window = window
        self.toasts = toasts
        let ui = Builder(resource: ResourceBundle.path("Ministry/leads-page.ui"))
        widget = ui.object("leads_page")
        header = ModuleHeader(ui: ui)
        header.title.title = Module.leads.title
        leads = RecordListPage(type: .lead, service: service, window: window, toasts: toasts)
        leads.widget.vexpand = true
        ui.object("list_holder", as: Box.self).append(leads.widget)

        filterDropDown = DropDown(strings: Self.filterStates.map { $0?.title ?? tr("All leads") })
        filterDropDown.setAccessibleLabel(tr("Show leads in state"))
        filterDropDown.tooltip = tr("Show only the leads in one state")
        ui.object("filter_holder", as: Box.self).append(filterDropDown)
        routeDropDown = DropDown(strings: [tr("Nobody yet")])
        routeDropDown.setAccessibleLabel(tr("Route to group"))
        routeDropDown.tooltip = tr("Route the selected lead to a community group's leader")
        ui.object("route_holder", as: Box.self).append(routeDropDown)
        handOffBar = ui.object("handoff_bar")
        handOffLabel = ui.object("handoff_label")
        handOffSend = Button(label: tr("Send to Leader"))
        handOffSend.verticalAlignment = .center
        handOffSend.addCSSClass("suggested-action")
        ui.object("handoff_holder", as: Box.self).append(handOffSend)
        handOff = LinkButton(uri: "mailto:", label: tr("E-mail Leader"))
        handOff.verticalAlignment = .center
        ui.object("handoff_holder", as: Box.self).append(handOff)
        suggestionsBox = ui.object("suggestions_box")
        suggestionsLabel = ui.object("suggestions_label")
        suggestionsList = ui.object("suggestions_list")
        suggestionsScroller = ui.object("suggestions_scroller")
        teamDropDown = DropDown(strings: [tr("No team")])
        teamDropDown.setAccessibleLabel(tr("Route to team"))
        teamDropDown.tooltip = tr("Route the selected lead to a ministry team as well, or instead")
        ui.object("team_holder", as: Box.self).append(teamDropDown)
        stateDropDown = DropDown(strings: LeadState.allCases.map(\.title))
        stateDropDown.setAccessibleLabel(tr("Lead state"))
        stateDropDown.tooltip = tr("Where the selected lead stands")
        ui.object("state_holder", as: Box.self).append(stateDropDown)
        filterDropDown.onSelectionChanged { [weak self] index in self?.filterChanged(index) }
        routeDropDown.onSelectionChanged { [weak self] index in self?.routeChosen(index) }
        teamDropDown.onSelectionChanged { [weak self] index in self?.teamChosen(index) }
        stateDropDown.onSelectionChanged { [weak self] index in self?.stateChosen(index) }
        leads.onSelectionChanged = { [weak self] in self?.showSelection() }
        handOffSend.onClicked { [weak self] in self?.sendHandOff() }
        showSelection()
    }

    // MARK: the filter

    private func filterChanged(_ index: Int?) {
        let state = index.flatMap { Self.filterStates.indices.contains($0) ? Self.filterStates[$0] : nil }
        if let state {
            leads.filter = { ($0.fields["state"]?.stringValue ?? LeadState.new.rawValue) == state.rawValue }
            leads.describeNoMatches(tr("No leads are {state} here. Choose another state, or All leads.", ["state": state.title]))
        } else {
            leads.filter = nil
            leads.describeNoMatches(tr("No leads match your search. Try fewer or different words."))
        }
        leads.refresh()
    }

    // MARK: the selected lead

    private func showSelection() {
        let lead = leads.selectedRecord
        showingSelection = true
        defer { showingSelection = false }
        let group = lead?.fields["group"]?.stringValue.flatMap(UUID.init(uuidString:))
        routeDropDown.selectedIndex = group.flatMap { id in groupIds.firstIndex(of: id).map { $0 + 1 } } ?? 0
        let state = lead?.fields["state"]?.stringValue.flatMap(LeadState.init(rawValue:)) ?? .new
        stateDropDown.selectedIndex = LeadState.allCases.firstIndex(of: state)
        let team = lead?.fields["team"]?.stringValue.flatMap(UUID.init(uuidString:))
        teamDropDown.selectedIndex = team.flatMap { id in teamIds.firstIndex(of: id).map { $0 + 1 } } ?? 0
        let enabled = lead != nil && canEdit
        routeDropDown.isSensitive = enabled
        stateDropDown.isSensitive = enabled
        teamDropDown.isSensitive = enabled
        showHandOff(lead, group: group)
        showSuggestions(lead, group: group, team: team)
    }

    // MARK: suggestions

    /// The groups and teams that fit the selected lead best, each with why; the one it is
    /// routed to says so, the others route it there.
    private func showSuggestions(_ lead: LocalRecord?, group: UUID?, team: UUID?) {
        suggestionsList.removeAll()
        guard let lead else {
            suggestionsBox.isVisible = false
            return
        }
        let name = lead.fields["name"]?.stringValue ?? ""
        let ranked = LeadSuggestions.rank(lead: lead.fields, leadId: lead.id, groups: groupRecords, teams: teamRecords,
                                          leads: leadRecords)
        let shown = Array(ranked.filter { $0.kind == .group }.prefix(Self.groupsSuggested))
            + Array(ranked.filter { $0.kind == .team }.prefix(Self.teamsSuggested))
        suggestionsLabel.text = shown.isEmpty ? tr("No group has room for {name}", ["name": name])
                                              : tr("Suggested for {name}", ["name": name])
        for suggestion in shown {
            let row = ActionRow(title: suggestion.label, subtitle: suggestion.reason)
            let routed = suggestion.kind == .group ? suggestion.id == group : suggestion.id == team
            let button = Button(label: routed ? tr("Routed") : tr("Route"))
            button.verticalAlignment = .center
            button.setAccessibleLabel(routed ? tr("{name} is routed to {place}", ["name": name, "place": suggestion.label])
                                             : tr("Route {name} to {place}", ["name": name, "place": suggestion.label]))
            button.tooltip = suggestion.kind == .group
                ? tr("Routes {name} to this group; its leader is told in the app", ["name": name])
                : tr("Routes {name} to this team", ["name": name])
            button.isSensitive = canEdit && !routed
            button.onClicked { [weak self] in self?.routeToSuggestion(suggestion, lead: lead) }
            row.addSuffix(button)
            suggestionsList.append(row)
        }
        suggestionsScroller.isVisible = !shown.isEmpty
        suggestionsBox.isVisible = true
    }

    /// Route: the lead goes to the suggested group (or team), as the drop-downs would send it.
    private func routeToSuggestion(_ suggestion: LeadSuggestion, lead: LocalRecord) {
        guard let org = organization else { return }
        let name = lead.fields["name"]?.stringValue ?? ""
        switch suggestion.kind {
        case .group:
            apply(lead.id) { [routing] in try await routing.route(lead.id, to: suggestion.id, in: org) } done: {
                tr("{name} routed to {group}", ["name": name, "group": suggestion.label])
            }
        case .team:
            apply(lead.id) { [routing] in try await routing.route(lead.id, toTeam: suggestion.id, in: org) } done: {
                tr("{name} routed to {team}", ["name": name, "team": suggestion.label])
            }
        }
    }

    private func teamChosen(_ index: Int?) {
        guard !showingSelection, let index, let org = organization, let lead = leads.selectedRecord else { return }
        let team: UUID? = index > 0 && teamIds.indices.contains(index - 1) ? teamIds[index - 1] : nil
        let current = lead.fields["team"]?.stringValue.flatMap(UUID.init(uuidString:))
        guard team != current else { return }
        let name = lead.fields["name"]?.stringValue ?? ""
        let label = teamDropDown.selectedString ?? ""
        apply(lead.id) { [routing] in try await routing.route(lead.id, toTeam: team, in: org) } done: {
            team == nil ? tr("{name} is on no team", ["name": name]) : tr("{name} routed to {team}", ["name": name, "team": label])
        }
    }

    /// For a lead routed to a group, who leads it and how to reach them; E-mail Leader when
    /// that is an e-mail address (a leader reached by phone is called).
    private func showHandOff(_ lead: LocalRecord?, group: UUID?) {
        guard let lead, let fields = group.flatMap({ groupFields[$0] }) else {
            handOffBar.isVisible = false
            return
        }
        let leader = fields["leader"]?.stringValue ?? ""
        let name = lead.fields["name"]?.stringValue ?? ""
        handOffLabel.text = tr("{leader} leads {group}: {contact}",
                               ["leader": leader, "group": fields["name"]?.stringValue ?? "",
                                "contact": fields["leaderContact"]?.stringValue ?? ""])
        if let mailto = LeadHandOff.mailto(lead: lead.fields, group: fields, organization: organization?.name ?? "") {
            // Mail may have been set up in Preferences since: Send to Leader follows.
            checkMail()
            handOff.uri = mailto
            // Without a mail server the draft is the way, as it always was; with one, the choice
            // to read and change the message first.
            handOff.label = mailReady ? tr("Open as Draft") : tr("E-mail Leader")
            handOff.setAccessibleLabel(mailReady ? tr("Open a draft to {leader} about {name}", ["leader": leader, "name": name])
                                                 : tr("E-mail {leader} about {name}", ["leader": leader, "name": name]))
            handOff.tooltip = tr("Opens a message to {leader} about {name} in your mail program", ["leader": leader, "name": name])
            handOff.isVisible = true
            handOffSend.setAccessibleLabel(tr("Send {leader} an e-mail about {name}", ["leader": leader, "name": name]))
            handOffSend.tooltip = tr("Sends the hand-off to {leader} through the organization's mail server", ["leader": leader])
            handOffSend.isVisible = mailReady
        } else {
            handOff.isVisible = false
            handOffSend.isVisible = false
        }
        handOffBar.isVisible = true
    }

    /// Send to Leader: the selected lead's hand-off through the organization's mail server, off
    /// the main thread; the button waits while it is sent and a toast says how it went.
    private func sendHandOff() {
        guard let org = organization, let lead = leads.selectedRecord,
              let group = lead.fields["group"]?.stringValue.flatMap(UUID.init(uuidString:)),
              let fields = groupFields[group] else { return }
        let leader = fields["leader"]?.stringValue ?? ""
        handOffSend.isSensitive = false
        Task {
            defer { handOffSend.isSensitive = true }
            do {
                let entry = try await LeadHandOff.send(lead: lead.fields, leadId: lead.id, group: fields, in: org, mail: mail)
                if let error = entry.error {
                    toasts.showToast(tr("Not sent to {leader}: {reason}", ["leader": leader, "reason": error]), timeout: 12)
                } else {
                    toasts.showToast(tr("Sent to {leader}", ["leader": leader]))
                }
            } catch {
                toasts.showToast(tr("Not sent to {leader}: {reason}", ["leader": leader, "reason": "\(error)"]), timeout: 12)
            }
        }
    }

    private func routeChosen(_ index: Int?) {
        guard !showingSelection, let index, let org = organization, let lead = leads.selectedRecord else { return }
        let group: UUID? = index > 0 && groupIds.indices.contains(index - 1) ? groupIds[index - 1] : nil
        let current = lead.fields["group"]?.stringValue.flatMap(UUID.init(uuidString:))
        guard group != current else { return }
        let name = lead.fields["name"]?.stringValue ?? ""
        let label = routeDropDown.selectedString ?? ""
        apply(lead.id) { [routing] in try await routing.route(lead.id, to: group, in: org) } done: {
            group == nil ? tr("{name} is routed to nobody yet", ["name": name])
                : tr("{name} routed to {group}", ["name": name, "group": label])
        }
    }

    private func stateChosen(_ index: Int?) {
        guard !showingSelection, let index, LeadState.allCases.indices.contains(index), let org = organization,
              let lead = leads.selectedRecord else { return }
        let state = LeadState.allCases[index]
        guard state.rawValue != lead.fields["state"]?.stringValue else { return }
        let name = lead.fields["name"]?.stringValue ?? ""
        apply(lead.id) { [routing] in try await routing.setState(lead.id, to: state, in: org) } done: {
            tr("{name} is now {state}", ["name": name, "state": state.title])
        }
    }

    /// Runs a change of the selected lead: on success the list shows it (the lead stays
    /// selected even when the filter no longer lists it, until the selection moves) and sync
    /// follows; on refusal a toast says why and the drop-downs show the lead as it is.
    private func apply(_ id: UUID, _ change: @escaping @MainActor () async throws -> LocalRecord,
                       done: @escaping @MainActor () -> String) {
        Task {
            do {
                _ = try await change()
                toasts.showToast(done())
                leads.changed()
                await leads.reloadSelecting(id)
                // The places a group has left follow the leads routed to it.
                if let org = organization, let all = try? await records.list(.lead, in: org) { leadRecords = all }
            } catch let error as ValidationError {
                RefusalDialog.show(parent: window, heading: tr("Cannot Change the Lead"), reason: error.description)
            } catch {
                toasts.showToast(tr("Could not change the lead: {error}", ["error": "\(error)"]), timeout: 8)
            }
            showSelection()
        }
    }

    // MARK: the groups to route to

    private func loadGroups() {
        checkMail()
        groupsRequest += 1
        let request = groupsRequest
        guard let org = organization else { return }
        Task {
            let groups = (try? await records.list(.communityGroup, in: org)) ?? []
            let teams = (try? await records.list(.ministryTeam, in: org)) ?? []
            let allLeads = (try? await records.list(.lead, in: org)) ?? []
            guard request == groupsRequest else { return }
            groupRecords = groups
            teamRecords = teams
            leadRecords = allLeads
            let sortedTeams = teams.sorted {
                ($0.fields["name"]?.stringValue ?? "").localizedCaseInsensitiveCompare($1.fields["name"]?.stringValue ?? "") == .orderedAscending
            }
            teamIds = sortedTeams.map(\.id)
            let sorted = groups.sorted {
                RecordType.groupLabel($0.fields).localizedCaseInsensitiveCompare(RecordType.groupLabel($1.fields)) == .orderedAscending
            }
            groupIds = sorted.map(\.id)
            groupFields = Dictionary(sorted.map { ($0.id, $0.fields) }, uniquingKeysWith: { first, _ in first })
            showingSelection = true
            routeDropDown.setStrings([tr("Nobody yet")] + sorted.map { RecordType.groupLabel($0.fields) })
            teamDropDown.setStrings([tr("No team")] + sortedTeams.map { $0.fields["name"]?.stringValue ?? "" })
            showingSelection = false
            showSelection()
        }
    }

    // MARK: ModulePage

    func show(_ org: Organization?) {
        organization = org
        header.show(org)
        leads.show(org)
        loadGroups()
    }

    /// Whether the organization has a mail server, for Send to Leader.
    private func checkMail() {
        guard let org = organization else { return }
        Task {
            let ready = await mail.isSetUp(org)
            guard org.id == organization?.id, ready != mailReady else { return }
            mailReady = ready
            showSelection()
        }
    }

    func setFolded(_ folded: Bool) { header.setFolded(folded) }

    func setCanEdit(_ allowed: Bool) {
        canEdit = allowed
        leads.setCanEdit(allowed)
        showSelection()
    }

    func refresh() {
        leads.refresh()
        loadGroups()
    }
}
