import Foundation
import GtkKit
import StewardCore
import Translation

/// Choose on Map: an OpenStreetMap map on which a click places the record, with a marker there
/// and its position in the title; "Use This Place" hands the position back and closes. It
/// opens on the position already typed, else where the organization's map was last looked at
/// (its pins and events on the Community page, or the last place chosen), else on the world.
@MainActor
final class MapPicker {
    private let window: Window
    private let useButton: Button
    private let title: WindowTitle
    private let map = PinMap()
    private var chosen: (latitude: Double, longitude: Double)?
    /// Called with the place chosen, when "Use This Place" is pressed.
    var onChosen: ((_ latitude: Double, _ longitude: Double) -> Void)?
    var onClosed: (() -> Void)?

    /// Where each organization's map was last looked at, so the next look starts there.
    static var lastView: [UUID: (latitude: Double, longitude: Double, zoom: Double)] = [:]

    init(parent: Window, name: String, organization: UUID, at typed: (latitude: Double, longitude: Double)?) {
        let ui = Builder(resource: ResourceBundle.path("Community/map-picker.ui"))
        window = ui.object("picker_window")
        window.setTransientFor(parent)
        window.title = tr("Choose on Map — {name}", ["name": name])
        useButton = ui.object("use_button")
        title = ui.object("picker_title")
        map.vexpand = true
        map.hexpand = true
        map.setAccessibleLabel(tr("Map to choose the place on"))
        map.nameZoomButtons(zoomIn: tr("Zoom In"), zoomOut: tr("Zoom Out"))
        let box: Box = ui.object("map_box")
        box.append(map)
        // OpenStreetMap's terms ask for this attribution wherever its tiles are shown.
        let attribution = Label(tr("Map data © OpenStreetMap contributors (ODbL); map imagery CC BY-SA 2.0"))
        attribution.addCSSClass("caption")
        attribution.addCSSClass("dim-label")
        attribution.xalign = 1
        attribution.setMargins(top: 4, bottom: 4, start: 12, end: 12)
        box.append(attribution)
        if let typed {
            place(at: typed.latitude, typed.longitude)
            map.goTo(latitude: typed.latitude, longitude: typed.longitude, zoom: 16)
        } else if let around = Self.lastView[organization] {
            map.goTo(latitude: around.latitude, longitude: around.longitude, zoom: around.zoom)
        } else {
            map.goTo(latitude: 20, longitude: 0, zoom: 2)
        }
        map.onClick { [weak self] latitude, longitude in self?.place(at: latitude, longitude) }
        ui.object("cancel_button", as: Button.self).onClicked { [weak self] in self?.window.close() }
        useButton.onClicked { [weak self] in
            guard let self, let chosen = self.chosen else { return }
            Self.lastView[organization] = (chosen.latitude, chosen.longitude, 16)
            self.onChosen?(chosen.latitude, chosen.longitude)
            self.window.close()
        }
        window.closesOnEscape { [weak self] in self?.onClosed?() }
    }

    func present() { window.present() }

    /// Puts the one marker at the place clicked and says where it is.
    private func place(at latitude: Double, _ longitude: Double) {
        chosen = (latitude, longitude)
        map.removeAllPins()
        let icon = Image(iconName: "mark-location-symbolic")
        icon.pixelSize = 32
        icon.setAccessibleLabel(tr("The place chosen"))
        map.addPin(latitude: latitude, longitude: longitude, child: icon)
        title.subtitle = Self.position(latitude, longitude)
        useButton.isSensitive = true
    }

    /// "42.65310, -73.74800": five decimals, about a metre; a point whatever the locale, as typed.
    static func position(_ latitude: Double, _ longitude: Double) -> String {
        String(format: "%.5f, %.5f", latitude, longitude)
    }
}
