import Foundation

/// The map pins of an organization as a map shows them: each place with its position read from
/// the record's decimal degrees, and the view that shows them all (its centre and zoom level).
public struct MapPlaces: Sendable {
    public struct Place: Hashable, Sendable {
        public var id: String
        public var name: String
        public var category: String
        public var address: String
        public var latitude: Double
        public var longitude: Double
        /// What staff wrote about the place, as typed.
        public var description: String = ""
    }

    /// Pins with a readable position, by name.
    public let places: [Place]

    public init(_ records: [LocalRecord]) {
        places = records.filter { !$0.deleted }.compactMap { record in
            guard let latitude = MapPinRules.degrees(record["latitude"], limit: 90),
                  let longitude = MapPinRules.degrees(record["longitude"], limit: 180)
            else { return nil }
            return Place(id: record.key, name: record["name"]?.stringValue ?? "", category: record["category"]?.stringValue ?? "",
                         address: record["address"]?.stringValue ?? "", latitude: latitude, longitude: longitude,
                         description: record["description"]?.stringValue ?? "")
        }.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    /// The middle of the pins and the zoom level (web-map tiles: 0 the world, each step twice
    /// as close) at which they all fit; a single pin shows its streets. nil without pins.
    public var view: (latitude: Double, longitude: Double, zoom: Double)? {
        Self.view(of: places.map { ($0.latitude, $0.longitude) })
    }

    /// The middle and zoom level at which every position fits (the pins and the events beside
    /// them); nil for none.
    public static func view(of positions: [(latitude: Double, longitude: Double)]) -> (latitude: Double, longitude: Double, zoom: Double)? {
        guard !positions.isEmpty else { return nil }
        let latitudes = positions.map(\.latitude), longitudes = positions.map(\.longitude)
        let south = latitudes.min()!, north = latitudes.max()!
        let west = longitudes.min()!, east = longitudes.max()!
        // A tile at zoom z spans 360 / 2^z degrees of longitude; a window shows about three
        // across, so the widest span takes log2(3 × 360 / span), less one for a margin.
        let span = max(north - south, east - west)
        let zoom = span <= 0.0005 ? 15 : min(15, max(2, (log2(3 * 360 / span) - 1).rounded(.down)))
        return ((south + north) / 2, (west + east) / 2, zoom)
    }
}
