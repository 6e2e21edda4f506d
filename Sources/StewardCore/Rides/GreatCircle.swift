import Foundation

/// A place on the earth, in degrees.
public struct RidePoint: Hashable, Sendable {
    public var lat: Double
    public var lon: Double

    public init(lat: Double, lon: Double) {
        self.lat = lat
        self.lon = lon
    }
}

/// Pickup distances: the haversine great-circle distance on a sphere of the earth's mean radius
/// (IUGG, 6371.0088 km), the figure the ride contract fixes so every implementation agrees.
public enum GreatCircle {
    public static let earthRadiusKm = 6371.0088

    public static func kilometres(_ a: RidePoint, _ b: RidePoint) -> Double {
        let radians = Double.pi / 180
        let dLat = (b.lat - a.lat) * radians
        let dLon = (b.lon - a.lon) * radians
        let h = sin(dLat / 2) * sin(dLat / 2)
            + cos(a.lat * radians) * cos(b.lat * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadiusKm * asin(min(1, h.squareRoot()))
    }
}
