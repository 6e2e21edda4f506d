import Foundation

/// One staff appointment (personal training) as MindBody describes it: everything in here
/// belongs to the source and is replaced by each refresh. The client is private: only MindBody's
/// client id is kept, never a name, and appointments are never served to the gym's app.
public struct SourceAppointment: Hashable, Sendable {
    /// MindBody's appointment `Id`.
    public var sourceAppointmentId: String
    public var startsAt: Date
    public var endsAt: Date
    /// `Duration`, in minutes, when the source says.
    public var durationMinutes: Int?
    /// MindBody's `Status` as given: Booked, Confirmed, Arrived, Completed, Cancelled,
    /// LateCancelled, NoShow, … (`AppointmentStatus` reads it).
    public var status: String
    public var staffId: String?
    /// The trainer's name: from the classes' staff, MindBody's staff list, or "Staff #ID".
    public var staff: String
    public var clientId: String?
    public var sessionTypeId: String?
    /// The session type's name when the site lists its session types; "" otherwise.
    public var sessionType: String
    public var locationId: String?
    public var notes: String
    public var isStaffRequested: Bool
    public var isFirstAppointment: Bool
    public var programId: String?

    public init(sourceAppointmentId: String, startsAt: Date, endsAt: Date, durationMinutes: Int? = nil,
                status: String = "Booked", staffId: String? = nil, staff: String = "", clientId: String? = nil,
                sessionTypeId: String? = nil, sessionType: String = "", locationId: String? = nil, notes: String = "",
                isStaffRequested: Bool = false, isFirstAppointment: Bool = false, programId: String? = nil) {
        self.sourceAppointmentId = sourceAppointmentId
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.durationMinutes = durationMinutes
        self.status = status
        self.staffId = staffId
        self.staff = staff
        self.clientId = clientId
        self.sessionTypeId = sessionTypeId
        self.sessionType = sessionType
        self.locationId = locationId
        self.notes = notes
        self.isStaffRequested = isStaffRequested
        self.isFirstAppointment = isFirstAppointment
        self.programId = programId
    }

    public var kind: AppointmentStatus { AppointmentStatus(status) }
}

/// How an appointment stands, read from MindBody's `Status` text. Statuses this console does not
/// know keep their text and count as booked.
public enum AppointmentStatus: Hashable, Sendable {
    case booked, confirmed, arrived, completed, cancelled, lateCancelled, noShow
    case other(String)

    public init(_ text: String) {
        switch text.lowercased() {
        case "booked", "requested": self = .booked
        case "confirmed": self = .confirmed
        case "arrived": self = .arrived
        case "completed": self = .completed
        case "cancelled", "canceled": self = .cancelled
        case "latecancelled", "latecanceled": self = .lateCancelled
        case "noshow": self = .noShow
        default: self = .other(text)
        }
    }

    /// The session did not happen: shown struck through.
    public var didNotHappen: Bool {
        switch self {
        case .cancelled, .lateCancelled, .noShow: true
        default: false
        }
    }
}
