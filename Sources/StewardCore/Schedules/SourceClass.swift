import Foundation

/// One class as a booking service describes it: everything in here belongs to the source and is
/// replaced by each refresh. Parsers of every format (MindBody v6 JSON, SOAP v5 XML, iCalendar)
/// produce this, so the same timetable gives the same mirror whatever it came in.
public struct SourceClass: Hashable, Sendable {
    /// The source's own id for this occurrence (MindBody's class `Id`, an iCalendar `UID`).
    public var sourceClassId: String
    /// The recurring schedule the occurrence belongs to, when the source says.
    public var classScheduleId: String?
    public var name: String
    public var description: String
    public var program: String
    public var sessionType: String
    public var startsAt: Date
    public var endsAt: Date
    public var trainerId: String?
    public var trainer: String
    /// Taught by someone standing in for the usual trainer.
    public var isSubstitute: Bool
    public var isCancelled: Bool
    /// MindBody's `Active`: false for classes hidden from booking.
    public var isActive: Bool
    public var locationId: String?
    public var location: String
    public var roomId: String?
    public var room: String
    public var maxCapacity: Int?
    public var webCapacity: Int?
    public var totalBooked: Int?
    public var totalWaitlisted: Int?
    public var isWaitlistAvailable: Bool

    public init(sourceClassId: String, classScheduleId: String? = nil, name: String, description: String = "",
                program: String = "", sessionType: String = "", startsAt: Date, endsAt: Date,
                trainerId: String? = nil, trainer: String = "", isSubstitute: Bool = false,
                isCancelled: Bool = false, isActive: Bool = true, locationId: String? = nil,
                location: String = "", roomId: String? = nil, room: String = "", maxCapacity: Int? = nil,
                webCapacity: Int? = nil, totalBooked: Int? = nil, totalWaitlisted: Int? = nil,
                isWaitlistAvailable: Bool = false) {
        self.sourceClassId = sourceClassId
        self.classScheduleId = classScheduleId
        self.name = name
        self.description = description
        self.program = program
        self.sessionType = sessionType
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.trainerId = trainerId
        self.trainer = trainer
        self.isSubstitute = isSubstitute
        self.isCancelled = isCancelled
        self.isActive = isActive
        self.locationId = locationId
        self.location = location
        self.roomId = roomId
        self.room = room
        self.maxCapacity = maxCapacity
        self.webCapacity = webCapacity
        self.totalBooked = totalBooked
        self.totalWaitlisted = totalWaitlisted
        self.isWaitlistAvailable = isWaitlistAvailable
    }
}
