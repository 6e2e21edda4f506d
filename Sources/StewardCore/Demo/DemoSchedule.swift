import Foundation
import GRDB

/// The gym's demo schedule: a month mirrored from MindBody's sandbox site (-99) — group classes
/// in three rooms with five trainers, a few cancelled and a few taken by substitutes, one the
/// source dropped (kept, marked removed), and the owner's notes and featured classes. Made by
/// the same mirror code a refresh runs, twice: the timetable as it was, then as it is now, so
/// the source's "what changed" is real; with the trainers' personal training beside it
/// (`DemoAppointments`). Deterministic, around the reference day.
enum DemoSchedule {
    struct Slot {
        var hour: Int
        var minute: Int
        var minutes: Int
        var name: String
        var program: String
        var room: Int
        var trainer: Int
        var capacity: Int
    }

    static let rooms = ["Studio A", "Studio B", "Cycle Room"]
    static let trainers = ["Alex Rivera", "Priya Natarajan", "Sam Okafor", "Jordan Lee", "Chris Bauer"]
    static let weekday: [Slot] = [
        Slot(hour: 6, minute: 0, minutes: 60, name: "Morning Strength", program: "Strength", room: 0, trainer: 0, capacity: 20),
        Slot(hour: 7, minute: 0, minutes: 60, name: "Sunrise Yoga", program: "Yoga", room: 1, trainer: 1, capacity: 25),
        Slot(hour: 9, minute: 30, minutes: 75, name: "Vinyasa Flow", program: "Yoga", room: 1, trainer: 2, capacity: 25),
        Slot(hour: 12, minute: 0, minutes: 30, name: "HIIT Express", program: "HIIT", room: 0, trainer: 3, capacity: 20),
        Slot(hour: 12, minute: 30, minutes: 45, name: "Spin 45", program: "Cycling", room: 2, trainer: 4, capacity: 16),
        Slot(hour: 16, minute: 45, minutes: 45, name: "Spin 45", program: "Cycling", room: 2, trainer: 3, capacity: 16),
        Slot(hour: 18, minute: 0, minutes: 50, name: "Reformer Pilates", program: "Pilates", room: 1, trainer: 2, capacity: 8),
        Slot(hour: 19, minute: 0, minutes: 60, name: "Power Lifting", program: "Strength", room: 0, trainer: 0, capacity: 14),
    ]
    static let saturday: [Slot] = [
        Slot(hour: 8, minute: 0, minutes: 45, name: "Weekend Warrior HIIT", program: "HIIT", room: 0, trainer: 1, capacity: 20),
        Slot(hour: 9, minute: 0, minutes: 45, name: "Spin 45", program: "Cycling", room: 2, trainer: 4, capacity: 16),
        Slot(hour: 10, minute: 0, minutes: 60, name: "Vinyasa Flow", program: "Yoga", room: 1, trainer: 2, capacity: 25),
    ]
    static let sunday: [Slot] = [
        Slot(hour: 9, minute: 0, minutes: 60, name: "Restorative Yoga", program: "Yoga", room: 1, trainer: 1, capacity: 25),
        Slot(hour: 10, minute: 30, minutes: 45, name: "Open Spin", program: "Cycling", room: 2, trainer: 4, capacity: 16),
    ]
    static let days = 28
    static let notes = [
        "New members' first class: greet them at the door.",
        "Mirror wall being cleaned at 11:00, start on time.",
        "Bring the spare bikes up from storage.",
        "Featured in this week's app newsletter.",
        "Coach asked for the mats to be out early.",
    ]

    /// Stores the gym's mirror in the caller's transaction, each class served once to the apps
    /// as it ends up (a `gymClass` record waiting in the outbox); returns how many classes it holds.
    static func add(for org: Organization, reference: Date, _ db: Database) throws -> Int {
        guard org.kind == .gym else { return 0 }
        let zone = org.timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        // From the Monday of the reference week.
        let today = LocalDate(reference, in: zone)
        let dayOfWeek = calendar.component(.weekday, from: today.startOfDay(in: zone))  // 1 = Sunday
        let monday = today.adding(days: -((dayOfWeek + 5) % 7))
        var random = DemoRandom(seed: 11)

        var before: [SourceClass] = []
        for offset in 0..<days {
            let day = monday.adding(days: offset)
            let slots: [Slot]
            switch offset % 7 {
            case 5: slots = saturday
            case 6: slots = sunday
            default: slots = weekday
            }
            for (index, slot) in slots.enumerated() {
                let start = calendar.date(byAdding: .minute, value: slot.hour * 60 + slot.minute, to: day.startOfDay(in: zone))!
                let booked = Int.random(in: (slot.capacity / 3)...slot.capacity, using: &random)
                before.append(SourceClass(
                    sourceClassId: String(40_000 + offset * 20 + index),
                    classScheduleId: String(300 + (offset % 7 < 5 ? index : 10 + (offset % 7) * 5 + index)),
                    name: slot.name, description: description(slot.program), program: slot.program, sessionType: "Group Class",
                    startsAt: start, endsAt: start.addingTimeInterval(TimeInterval(slot.minutes * 60)),
                    trainerId: String(101 + slot.trainer), trainer: trainers[slot.trainer],
                    locationId: "1", location: "Ironworks Downtown", roomId: String(slot.room + 1), room: rooms[slot.room],
                    maxCapacity: slot.capacity, webCapacity: slot.capacity - 2, totalBooked: booked,
                    totalWaitlisted: booked == slot.capacity ? Int.random(in: 1...5, using: &random) : 0,
                    isWaitlistAvailable: booked == slot.capacity))
            }
        }

        // Today's timetable at the source: a few cancelled, a few substitutes, one dropped.
        var now = before
        let firstUpcoming = now.firstIndex { $0.startsAt > reference } ?? 0
        let upcoming = Array(firstUpcoming..<now.count)
        for step in [3, 17, 44, 90] where step < upcoming.count {
            now[upcoming[step]].isCancelled = true
            now[upcoming[step]].totalBooked = 0
        }
        for step in [1, 9, 26, 58, 71] where step < upcoming.count {
            let index = upcoming[step]
            let standIn = (Int(now[index].trainerId ?? "101")! - 101 + 2) % trainers.count
            now[index].isSubstitute = true
            now[index].trainerId = String(101 + standIn)
            now[index].trainer = trainers[standIn]
        }
        if upcoming.count > 30 { now.remove(at: upcoming[30]) }

        let source = ScheduleSource(orgId: org.id, kind: .mindbody, location: "https://api.mindbodyonline.com", siteId: "-99",
                                    addedAt: reference.addingTimeInterval(-30 * 86_400))
        try source.insert(db)
        _ = try ScheduleMirror.apply(before, source: source, org: org, scope: nil, now: reference.addingTimeInterval(-26 * 3600),
                                     serve: false, db)
        _ = try ScheduleMirror.apply(now, source: source, org: org, scope: nil, now: reference.addingTimeInterval(-2 * 3600),
                                     serve: false, db)

        // The owner's own fields on a few upcoming classes.
        for (step, note) in zip([0, 5, 12, 20, 33], notes) where step < upcoming.count {
            let id = ClassIdentity.id(sourceId: source.id, sourceClassId: before[upcoming[step]].sourceClassId)
            try db.execute(sql: "UPDATE scheduledClass SET localNote = ?, isFeatured = ? WHERE id = ?",
                           arguments: [note, step == 20 || step == 5, UUIDColumn.encode(id)])
        }
        try DemoAppointments.add(source: source, monday: monday, days: days, reference: reference, zone: zone, db)
        try ServedClasses.publish(ServedClasses.unpublished(sourceId: source.id, db), org: org,
                                  at: reference.addingTimeInterval(-3600), db)
        return before.count
    }

    private static func description(_ program: String) -> String {
        switch program {
        case "Strength": "Compound lifts with coaching on form. All levels; weights scaled to you."
        case "Yoga": "Breath-led movement and stretching. Mats and blocks provided."
        case "Cycling": "Indoor cycling to music, with intervals. Bring water; clip-in shoes optional."
        case "HIIT": "Short, hard intervals with bodyweight and kettlebells."
        default: "Reformer work for core strength and posture. Small group, booking required."
        }
    }
}
