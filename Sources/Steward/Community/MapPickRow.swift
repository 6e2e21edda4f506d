import Foundation
import GtkKit
import StewardCore
import Translation

/// The editor's "Place on the map" row, under the latitude and longitude of a record that has
/// them (an event, a map pin): "Choose on Map…" opens the map (`MapPicker`) on the position
/// typed, and the place clicked there fills both fields, as typing them would.
@MainActor
final class MapPickRow {
    let row: ActionRow
    private let latitude: FieldInput
    private let longitude: FieldInput
    private var picker: MapPicker?

    init(latitude: FieldInput, longitude: FieldInput, parent: Window, organization: UUID, name: @escaping @MainActor () -> String) {
        self.latitude = latitude
        self.longitude = longitude
        row = ActionRow(title: tr("Place on the map"), subtitle: tr("Click where it is instead of typing its latitude and longitude."))
        let button = Button(label: tr("_Choose on Map…"))
        button.setAccessibleLabel(tr("Choose on Map"))
        button.verticalAlignment = .center
        row.addSuffix(button)
        button.onClicked { [weak self] in
            guard let self, self.picker == nil else { return }
            let typed = MapPinRules.position(latitude: self.latitude.value, longitude: self.longitude.value)
            let picker = MapPicker(parent: parent, name: name(), organization: organization, at: typed)
            picker.onChosen = { [weak self] latitude, longitude in
                // Five decimals (about a metre), as a person would type them.
                self?.latitude.fill(.double((latitude * 100_000).rounded() / 100_000))
                self?.longitude.fill(.double((longitude * 100_000).rounded() / 100_000))
            }
            self.picker = picker
            picker.onClosed = { [weak self] in self?.picker = nil }
            picker.present()
        }
    }
}
