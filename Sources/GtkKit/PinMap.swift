import CGtk
import CShumateKit

/// A map of pins (libshumate's ShumateSimpleMap with OpenStreetMap tiles and a layer of
/// markers). Tiles load in the background; without a network the map stays an empty grid and
/// nothing waits, so callers may show it whenever `PinMap.isNetworkAvailable` says so.
@MainActor
public final class PinMap: Widget {

    public convenience init() {
        self.init(owning: sk_pin_map_new()!)
    }

    /// Removes every pin.
    public func removeAllPins() { sk_pin_map_clear(raw) }

    /// A pin at the position, drawn as `child` (a marker widget) centred on the spot.
    public func addPin(latitude: Double, longitude: Double, child: Widget) {
        sk_pin_map_add_pin(raw, latitude, longitude, child.raw)
    }

    /// Shows (latitude, longitude) in the middle at `zoom` (0 the whole world, 19 a street).
    public func goTo(latitude: Double, longitude: Double, zoom: Double) {
        sk_pin_map_go_to(raw, latitude, longitude, zoom)
    }

    /// Names the map's zoom buttons (they show only an icon) in the person's language: what
    /// their tooltips and screen readers say.
    public func nameZoomButtons(zoomIn: String, zoomOut: String) {
        sk_pin_map_name_zoom_buttons(raw, zoomIn, zoomOut)
    }

    /// Calls `handler` with the place each click on the map lands on (dragging moves the map
    /// and calls nothing).
    public func onClick(_ handler: @escaping @MainActor (_ latitude: Double, _ longitude: Double) -> Void) {
        let box = Unmanaged.passRetained(ClickBox(handler)).toOpaque()
        sk_pin_map_on_click(raw, { latitude, longitude, data in
            guard let data else { return }
            let box = Unmanaged<ClickBox>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { box.handler(latitude, longitude) }
        }, box, { data in
            guard let data else { return }
            Unmanaged<ClickBox>.fromOpaque(data).release()
        })
    }

    private final class ClickBox {
        let handler: @MainActor (Double, Double) -> Void
        init(_ handler: @escaping @MainActor (Double, Double) -> Void) { self.handler = handler }
    }

    /// Whether the machine has a network (GNetworkMonitor), so tiles can arrive.
    public static var isNetworkAvailable: Bool { sk_network_available() != 0 }
}
