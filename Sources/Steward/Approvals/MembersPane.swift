import Foundation
import GtkKit
import StewardCore
import Translation

/// The app's members, beside the queue on the Approvals page: a search, their profiles in a
/// table, and for admins Make Trusted Organizer (their submissions skip the queue) and
/// Disable. Members register in the app; a sync brings them, and sends what is changed here.
@MainActor
final class MembersPane {
    let widget: Widget
    private let service: ApprovalService
    private let records: RecordService
    private let toasts: ToastOverlay
    private let searchEntry = SearchEntry(placeholder: tr("Search members"))
    private let keys = KeyListModel()
    private let selection: SingleSelection
    private let table: ColumnView
    private let countLabel = Label()
    private let roleButton = Button(label: tr("Make Trusted Organizer"))
    private let disableButton = Button(label: tr("Disable"))
    private var organization: Organization?
    private var members: [Int64: LocalRecord] = [:]
    private var order: [Int64] = []
    private var stableKeys = StableKeys<UUID>()
    private var mayManage = true
    var onLocalChange: (() -> Void)?

    init(service: ApprovalService, records: RecordService, toasts: ToastOverlay) {
        self.service = service
        self.records = records
        self.toasts = toasts
        selection = SingleSelection(model: keys, autoselect: false, canUnselect: true)
        table = ColumnView(model: selection)
        table.setAccessibleLabel(tr("Members"))
        searchEntry.setAccessibleLabel(tr("Search members"))
        searchEntry.hexpand = true
        countLabel.addCSSClass("dim-label")
        let toolbar = Box.horizontal(spacing: 8)
        for child in [searchEntry as Widget, countLabel, roleButton, disableButton] { toolbar.append(child) }
        toolbar.setProperty("margin-start", 12)
        toolbar.setProperty("margin-end", 12)
        toolbar.setProperty("margin-top", 8)
        toolbar.setProperty("margin-bottom", 8)
        let scroller = ScrolledWindow(child: table)
        scroller.vexpand = true
        let box = Box.vertical()
        box.append(toolbar)
        box.append(scroller)
        widget = box
        let zone = { [weak self] in self?.organization?.timeZone ?? .gmt }
        let columns: [(String, Int, @MainActor (LocalRecord) -> String)] = [
            (tr("Name"), 0, { $0.fields["displayName"]?.stringValue ?? "" }),
            (tr("Email"), 220, { $0.fields["email"]?.stringValue ?? "" }),
            (tr("Audience"), 100, { $0.fields["audience"]?.stringValue ?? "" }),
            (tr("Role"), 140, { RecordType.member.statusText(of: $0.fields) ?? "" }),
            (tr("Registered"), 110, { record in
                record.fields["registeredAt"]?.stringValue.flatMap(DateTimeText.parseUTC)
                    .map { DatePatternText.format($0, "d MMM yyyy", zone: zone()) } ?? "" }),
        ]
        for (index, column) in columns.enumerated() {
            let view = table.addLabelColumn(title: column.0, expand: index == 0) { [weak self] label, key in
                guard let record = self?.members[key] else { return }
                label.text = column.2(record)
            }
            if column.1 > 0 { view.fixedWidth = column.1 }
        }
        searchEntry.onSearchChanged { [weak self] in self?.reload() }
        SearchToList.connect(search: searchEntry, list: table, enterToo: true) { [weak self] in self?.keys.count ?? 0 }
        selection.onSelectionChanged { [weak self] in self?.updateButtons() }
        roleButton.onClicked { [weak self] in self?.toggleRole() }
        disableButton.onClicked { [weak self] in self?.toggleDisabled() }
        updateButtons()
    }

    func show(_ org: Organization?) {
        organization = org
        reload()
    }

    /// Only admins change members; the store enforces it too.
    func setMayManage(_ allowed: Bool) {
        mayManage = allowed
        updateButtons()
    }

    func reload() {
        guard let org = organization else { return }
        Task {
            guard let found = try? await records.list(.member, in: org, search: searchEntry.text) else { return }
            let keep = selectedMember?.id
            members = [:]
            order = found.map { record in
                let key = stableKeys.key(for: record.id)
                members[key] = record
                return key
            }
            keys.setKeys(order)
            if let keep, let key = stableKeys.existingKey(for: keep), let position = order.firstIndex(of: key) {
                selection.selectedPosition = position
            }
            countLabel.text = trn("{count} member", "{count} members", found.count)
            updateButtons()
        }
    }

    private var selectedMember: LocalRecord? {
        selection.selectedKey.flatMap { members[$0] }
    }

    private func updateButtons() {
        let member = selectedMember
        roleButton.isVisible = mayManage
        disableButton.isVisible = mayManage
        roleButton.isSensitive = member != nil
        disableButton.isSensitive = member != nil
        let organizer = member?.fields["role"]?.stringValue == MemberRole.organizer.rawValue
        roleButton.label = organizer ? tr("Make Member") : tr("Make Trusted Organizer")
        roleButton.setAccessibleLabel(roleButton.label ?? "")
        disableButton.label = member?.fields["disabled"]?.boolValue == true ? tr("Enable") : tr("Disable")
        disableButton.setAccessibleLabel(disableButton.label ?? "")
    }

    private func toggleRole() {
        guard let member = selectedMember, let org = organization else { return }
        let organizer = member.fields["role"]?.stringValue == MemberRole.organizer.rawValue
        change(member, org: org, role: organizer ? .member : .organizer, disabled: nil)
    }

    private func toggleDisabled() {
        guard let member = selectedMember, let org = organization else { return }
        change(member, org: org, role: nil, disabled: !(member.fields["disabled"]?.boolValue ?? false))
    }

    private func change(_ member: LocalRecord, org: Organization, role: MemberRole?, disabled: Bool?) {
        Task {
            do {
                let changed = try await service.changeMember(member.id, role: role, disabled: disabled, in: org)
                let name = changed.fields["displayName"]?.stringValue ?? tr("The member")
                toasts.showToast(tr("{name}: {role}. Sent with the next sync.",
                                    ["name": name, "role": RecordType.member.statusText(of: changed.fields) ?? ""]))
                onLocalChange?()
                reload()
            } catch {
                toasts.showToast(tr("Could not change the member: {error}", ["error": "\(error)"]))
            }
        }
    }
}
