import Foundation
import GtkKit
import StewardCore
import Translation

/// Create an Organization: what `stewardctl orgs add` asks (name, short name, kind, time zone)
/// and the modules, in a window. The core checks the fields exactly as it does for the command;
/// each refusal shows under its field and the window stays open with everything typed, so
/// nothing is lost. The short name follows the name until someone edits it.
@MainActor
final class CreateOrganizationDialog {
    private let window: Window
    private let nameEntry: Entry
    private let slugEntry: Entry
    private let kindChoice: DropDown
    private let zoneChoice: DropDown
    private let moduleList: Box
    /// The core's field names, their error lines and the field titles the lines start with.
    private let errors: [String: (label: Label, field: String)]
    private let service: OrganizationService
    private let zones: [String]
    private var moduleChecks: [(Module, CheckButton)] = []
    /// The short name was typed, not offered from the name: stop replacing it.
    private var slugEdited = false
    private var offeringSlug = false
    private var creating = false
    var onCreated: ((Organization) -> Void)?
    var onClosed: (() -> Void)?

    init(parent: Window, service: OrganizationService) {
        self.service = service
        let ui = Builder(resource: ResourceBundle.path("Organizations/create-organization.ui"))
        window = ui.object("create_window")
        nameEntry = ui.object("name_entry")
        slugEntry = ui.object("slug_entry")
        kindChoice = ui.object("kind_choice")
        zoneChoice = ui.object("zone_choice")
        moduleList = ui.object("module_list")
        errors = ["name": (ui.object("name_error"), tr("Name")), "slug": (ui.object("slug_error"), tr("Short Name")),
                  "time-zone": (ui.object("zone_error"), tr("Time Zone")), "modules": (ui.object("modules_error"), tr("Modules"))]
        window.setTransientFor(parent)

        kindChoice.setStrings(OrganizationKind.allCases.map(\.title))
        zones = Self.zoneChoices()
        zoneChoice.setStrings(zones)
        zoneChoice.enableSearch()
        zoneChoice.selectedIndex = zones.firstIndex(of: Self.machineZone()) ?? zones.firstIndex(of: "UTC")
        for module in Module.allCases where module.isAvailable {
            let check = CheckButton(label: module.title)
            moduleList.append(check)
            moduleChecks.append((module, check))
        }
        checkModules(of: .church)

        kindChoice.onSelectionChanged { [weak self] index in
            guard let self, let index else { return }
            self.checkModules(of: OrganizationKind.allCases[index])
        }
        nameEntry.onChanged { [weak self] in self?.offerSlug() }
        slugEntry.onChanged { [weak self] in
            guard let self, !self.offeringSlug else { return }
            self.slugEdited = !self.slugEntry.text.isEmpty
        }

        let actions = ActionGroup()
        actions.addAction("create") { [weak self] in self?.create() }
        actions.addAction("cancel") { [weak self] in self?.window.close() }
        window.insertActionGroup(actions, prefix: "create")
        window.onCloseRequest { [weak self] in
            self?.onClosed?()
            return false
        }
    }

    func present() {
        window.present()
        _ = nameEntry.grabFocus()
    }

    /// The machine's zone (TZ, else /etc/localtime, as Foundation reads them), or UTC.
    static func machineZone() -> String {
        let zone = TimeZone.current.identifier
        return TimeZone(identifier: zone) == nil ? "UTC" : zone
    }

    /// Every zone name the system knows, UTC among them, sorted.
    private static func zoneChoices() -> [String] {
        var names = Set(TimeZone.knownTimeZoneIdentifiers)
        names.insert("UTC")
        names.insert(machineZone())
        return names.sorted()
    }

    private func checkModules(of kind: OrganizationKind) {
        let defaults = kind.defaultModules
        for (module, check) in moduleChecks { check.isActive = defaults.contains(module) }
    }

    private func offerSlug() {
        guard !slugEdited else { return }
        offeringSlug = true
        slugEntry.text = OrganizationService.suggestedSlug(for: nameEntry.text)
        offeringSlug = false
    }

    private func create() {
        guard !creating else { return }
        let kind = OrganizationKind.allCases[kindChoice.selectedIndex ?? 0]
        let zone = zoneChoice.selectedIndex.map { zones[$0] } ?? ""
        let modules = moduleChecks.filter { $0.1.isActive }.map(\.0)
        let (name, slug) = (nameEntry.text, slugEntry.text)
        creating = true
        Task {
            defer { creating = false }
            do {
                let org = try await service.add(slug: slug, name: name, timeZone: zone, kind: kind, modules: modules)
                show(nil)
                onCreated?(org)
                window.close()
            } catch OrganizationError.invalid(let error) {
                show(error)
            } catch {
                show(ValidationError(field: "name", message: "\(error)"))
            }
        }
    }

    /// Each field's message under it (or none); the first field refused takes the focus.
    private func show(_ error: ValidationError?) {
        for (key, line) in errors {
            // The core's messages follow the field's name, as `stewardctl orgs add` prints them.
            let message = error?.message(for: key).map { tr("{field}: {message}", ["field": line.field, "message": $0]) }
            line.label.text = message ?? ""
            line.label.setAccessibleLabel(message ?? "")
            line.label.isVisible = message != nil
        }
        if error?.message(for: "name") != nil {
            _ = nameEntry.grabFocus()
        } else if error?.message(for: "slug") != nil {
            _ = slugEntry.grabFocus()
        }
    }
}
