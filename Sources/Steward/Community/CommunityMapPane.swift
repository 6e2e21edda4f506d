import Foundation
import GtkKit
import StewardCore
import Translation

/// The Community page's Map view: the organization's map pins on an OpenStreetMap map
/// (libshumate, `PinMap`) when the machine has a network, else the same places as a list, so
/// staff see where each pin lands before members do. Beside the pins, the events with a
/// position: this week's by default, or the next 30 days' (or none), with every ongoing one.
/// Tiles arrive in the background; nothing here waits for them, and a map without tiles still
/// shows its pins.
@MainActor
final class CommunityMapPane {
    let widget: Widget
    private let service: RecordService
    private let events: EventService
    private let status = Label()
    private let rangeChoice: DropDown
    private let stack = Stack()
    private let list = ListBox()
    private var map: PinMap?
    private var organization: Organization?
    private var loadRequest = 0
    private static let ranges: [EventMapRange] = [.thisWeek, .nextThirtyDays, .none]

    init(service: RecordService, events: EventService) {
        self.service = service
        self.events = events
        status.xalign = 0
        status.wraps = true
        status.hexpand = true
        status.addCSSClass("dim-label")
        rangeChoice = DropDown(strings: Self.ranges.map(Self.title))
        rangeChoice.setAccessibleLabel(tr("Events on the map"))
        rangeChoice.selectedIndex = 0
        rangeChoice.verticalAlignment = .center
        let header = Box.horizontal(spacing: 12)
        header.setMargins(top: 6, bottom: 6, start: 12, end: 12)
        header.append(status)
        header.append(rangeChoice)
        list.addCSSClass("boxed-list")
        list.setMargins(top: 6, bottom: 18, start: 18, end: 18)
        // In a box, so the boxed list keeps its own height at the top.
        let column = Box.vertical()
        column.append(list)
        stack.addNamed(ScrolledWindow(child: column), name: "list")
        stack.vexpand = true
        let box = Box.vertical()
        box.append(header)
        box.append(stack)
        widget = box
        rangeChoice.onSelectionChanged { [weak self] _ in self?.reload() }
    }

    private static func title(_ range: EventMapRange) -> String {
        switch range {
        case .thisWeek: tr("This week’s events")
        case .nextThirtyDays: tr("Events in the next 30 days")
        case .none: tr("No events")
        }
    }

    func show(_ org: Organization?) {
        organization = org
        reload()
    }

    func reload() {
        loadRequest += 1
        let request = loadRequest
        guard let org = organization else { return }
        let range = Self.ranges[rangeChoice.selectedIndex ?? 0]
        Task {
            let records = (try? await service.list(.mapPin, in: org)) ?? []
            var places: [EventPlace] = []
            if let interval = range.interval(now: Date(), zone: org.timeZone) {
                places = (try? await events.places(in: org, from: interval.from, to: interval.to)) ?? []
            }
            guard request == loadRequest else { return }
            show(MapPlaces(records), events: places, zone: org.timeZone)
        }
    }

    private func show(_ places: MapPlaces, events: [EventPlace], zone: TimeZone) {
        list.removeAll()
        for place in places.places {
            let details = [place.category, place.address].filter { !$0.isEmpty }.joined(separator: " · ")
            let row = Self.row(title: place.name, subtitle: details.isEmpty ? nil : details)
            row.addSuffix(Self.position(place.latitude, place.longitude))
            list.append(row)
        }
        for event in events {
            let details = [Self.when(event, zone: zone), event.locationName].filter { !$0.isEmpty }.joined(separator: " · ")
            let row = Self.row(title: event.title, subtitle: details)
            row.iconName = "x-office-calendar-symbolic"
            row.addSuffix(Self.position(event.latitude, event.longitude))
            list.append(row)
        }
        let positions = places.places.map { ($0.latitude, $0.longitude) } + events.map { ($0.latitude, $0.longitude) }
        guard PinMap.isNetworkAvailable, let view = MapPlaces.view(of: positions) else {
            status.text = positions.isEmpty
                ? tr("No map pins yet: add them under Map Pins, with their latitude and longitude.")
                : tr("The map needs a network connection: the pins and events are listed instead.")
            stack.visibleChildName = "list"
            return
        }
        let map = self.map ?? makeMap()
        map.removeAllPins()
        for place in places.places {
            map.addPin(latitude: place.latitude, longitude: place.longitude, child: Self.marker(place))
        }
        for event in events {
            map.addPin(latitude: event.latitude, longitude: event.longitude, child: Self.marker(event, zone: zone))
        }
        map.goTo(latitude: view.latitude, longitude: view.longitude, zoom: view.zoom)
        if let org = organization { MapPicker.lastView[org.id] = view }
        let pins = trn("{count} map pin", "{count} map pins", places.places.count)
        let shownEvents = trn("{count} event", "{count} events", events.count)
        status.text = tr("{pins} and {events} on OpenStreetMap; the pins’ list is under Map Pins.",
                         ["pins": pins, "events": shownEvents])
        stack.visibleChildName = "map"
    }

    /// "Sat 5 Dec, 10:00–12:00 (and 3 more dates)", or "Ongoing" for an event always on.
    private static func when(_ event: EventPlace, zone: TimeZone) -> String {
        guard let next = event.next else { return tr("Ongoing") }
        let first = EventTimingText.describe(next.timing, orgZone: zone)
        guard event.more > 0 else { return first }
        return trn("{first} (and {count} more date)", "{first} (and {count} more dates)", event.more, ["first": first])
    }

    private static func position(_ latitude: Double, _ longitude: Double) -> Label {
        let label = Label(String(format: "%.4f, %.4f", latitude, longitude))
        label.addCSSClass("dim-label")
        label.addCSSClass("numeric")
        return label
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

    /// An event: the calendar icon, named "{title}, {when}", its details in a popover.
    private static func marker(_ event: EventPlace, zone: TimeZone) -> Widget {
        let icon = Image(iconName: "x-office-calendar-symbolic")
        icon.pixelSize = 24
        let when = when(event, zone: zone)
        let button = MenuButton(accessibleLabel: tr("{event}, {when}", ["event": event.title, "when": when]))
        button.setChild(icon)
        button.addCSSClass("flat")
        button.addCSSClass("map-pin")
        button.addCSSClass("map-event")
        button.tooltip = [event.title, when, event.locationName].filter { !$0.isEmpty }.joined(separator: "\n")
        button.setPopover(Popover(child: details([(event.title, ["heading"]), (when, ["dim-label"]), (event.locationName, []),
                                                  (String(format: "%.5f, %.5f", event.latitude, event.longitude),
                                                   ["dim-label", "numeric", "caption"])])))
        return button
    }

    /// The place as its popover shows it, its texts as typed (never read as markup).
    private static func details(_ place: MapPlaces.Place) -> Widget {
        details([(place.name, ["heading"]),
                 ([place.category, place.address].filter { !$0.isEmpty }.joined(separator: " · "), ["dim-label"]),
                 (place.description, []),
                 (String(format: "%.5f, %.5f", place.latitude, place.longitude), ["dim-label", "numeric", "caption"])])
    }

    /// Lines of text, each with its style classes; empty ones left out.
    private static func details(_ lines: [(text: String, classes: [String])]) -> Widget {
        let box = Box.vertical(spacing: 4)
        box.setMargins(8)
        for (text, classes) in lines where !text.isEmpty {
            let label = Label(text)
            label.xalign = 0
            label.wraps = true
            label.maxWidthChars = 40
            classes.forEach(label.addCSSClass)
            box.append(label)
        }
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
