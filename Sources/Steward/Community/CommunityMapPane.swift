import Foundation
import GtkKit
import StewardCore
import Translation

/// The Community page's Map view: the organization's map pins on an OpenStreetMap map
/// (libshumate, `PinMap`) when the machine has a network, else the same places as a list, so
/// staff see where each pin lands before members do. Tiles arrive in the background; nothing
/// here waits for them, and a map without tiles still shows its pins.
@MainActor
final class CommunityMapPane {
    let widget: Widget
    private let service: RecordService
    private let status = Label()
    private let stack = Stack()
    private let list = ListBox()
    private var map: PinMap?
    private var organization: Organization?
    private var loadRequest = 0

    init(service: RecordService) {
        self.service = service
        status.xalign = 0
        status.wraps = true
        status.addCSSClass("dim-label")
        status.setMargins(top: 8, bottom: 8, start: 12, end: 12)
        list.addCSSClass("boxed-list")
        list.setMargins(top: 6, bottom: 18, start: 18, end: 18)
        // In a box, so the boxed list keeps its own height at the top.
        let column = Box.vertical()
        column.append(list)
        stack.addNamed(ScrolledWindow(child: column), name: "list")
        stack.vexpand = true
        let box = Box.vertical()
        box.append(status)
        box.append(stack)
        widget = box
    }

    func show(_ org: Organization?) {
        organization = org
        reload()
    }

    func reload() {
        loadRequest += 1
        let request = loadRequest
        guard let org = organization else { return }
        Task {
            let records = (try? await service.list(.mapPin, in: org)) ?? []
            guard request == loadRequest else { return }
            show(MapPlaces(records))
        }
    }

    private func show(_ places: MapPlaces) {
        list.removeAll()
        for place in places.places {
            let details = [place.category, place.address].filter { !$0.isEmpty }.joined(separator: " · ")
            let row = Self.row(title: place.name, subtitle: details.isEmpty ? nil : details)
            let position = Label(String(format: "%.4f, %.4f", place.latitude, place.longitude))
            position.addCSSClass("dim-label")
            position.addCSSClass("numeric")
            row.addSuffix(position)
            list.append(row)
        }
        guard PinMap.isNetworkAvailable, let view = places.view else {
            status.text = places.places.isEmpty
                ? tr("No map pins yet: add them under Map Pins, with their latitude and longitude.")
                : tr("The map needs a network connection: the pins are listed instead.")
            stack.visibleChildName = "list"
            return
        }
        let map = self.map ?? makeMap()
        map.removeAllPins()
        for place in places.places {
            map.addPin(latitude: place.latitude, longitude: place.longitude, child: Self.marker(place))
        }
        map.goTo(latitude: view.latitude, longitude: view.longitude, zoom: view.zoom)
        status.text = trn("{count} map pin on OpenStreetMap; the list is under Map Pins.",
                          "{count} map pins on OpenStreetMap; the list is under Map Pins.", places.places.count)
        stack.visibleChildName = "map"
    }

    private func makeMap() -> PinMap {
        let map = PinMap()
        map.vexpand = true
        map.hexpand = true
        map.setAccessibleLabel(tr("Map of the pins"))
        map.nameZoomButtons(zoomIn: tr("Zoom In"), zoomOut: tr("Zoom Out"))
        // OpenStreetMap's terms ask for this attribution wherever its tiles are shown.
        let attribution = Label(tr("Map data © OpenStreetMap contributors (ODbL); map imagery CC BY-SA 2.0"))
        attribution.addCSSClass("caption")
        attribution.addCSSClass("dim-label")
        attribution.xalign = 1
        attribution.setMargins(top: 4, bottom: 4, start: 12, end: 12)
        let box = Box.vertical()
        box.append(map)
        box.append(attribution)
        stack.addNamed(box, name: "map")
        self.map = map
        return map
    }

    /// A pin: the location icon as a button named for screen readers, with the place in its
    /// tooltip; choosing it opens the place's details (name, category, address, description),
    /// as a member's app shows them.
    private static func marker(_ place: MapPlaces.Place) -> Widget {
        let icon = Image(iconName: "mark-location-symbolic")
        icon.pixelSize = 32
        let button = MenuButton(accessibleLabel: place.name)
        button.setChild(icon)
        button.addCSSClass("flat")
        button.addCSSClass("map-pin")
        button.tooltip = [place.name, place.category, place.address].filter { !$0.isEmpty }.joined(separator: "\n")
        button.setPopover(Popover(child: details(place)))
        return button
    }

    /// The place as its popover shows it, its texts as typed (never read as markup).
    private static func details(_ place: MapPlaces.Place) -> Widget {
        let box = Box.vertical(spacing: 4)
        box.setMargins(8)
        func add(_ text: String, _ classes: [String] = []) {
            guard !text.isEmpty else { return }
            let label = Label(text)
            label.xalign = 0
            label.wraps = true
            label.maxWidthChars = 40
            classes.forEach(label.addCSSClass)
            box.append(label)
        }
        add(place.name, ["heading"])
        add([place.category, place.address].filter { !$0.isEmpty }.joined(separator: " · "), ["dim-label"])
        add(place.description)
        add(String(format: "%.5f, %.5f", place.latitude, place.longitude), ["dim-label", "numeric", "caption"])
        return box
    }

    /// A row showing its texts as typed: titles and addresses may hold "&" or "<", which a
    /// row's default markup would take for tags.
    private static func row(title: String, subtitle: String? = nil) -> ActionRow {
        let row = ActionRow(title: "")
        row.setProperty("use-markup", false)
        row.title = title
        if let subtitle { row.subtitle = subtitle }
        return row
    }
}
