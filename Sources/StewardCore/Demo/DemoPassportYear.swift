import Foundation

/// The city office's passport events of the past year, before the weeks the recurring calendar
/// fills: one every few weeks through the seasons, under the hosts the office works with, so
/// the ledger (`DemoPassport`) holds a year of check-ins and the insights have months, events
/// and hosts to compare.
extension DemoEvents {
    static let cityPassportYear: [DemoEventTemplate] = [
        past("Winter Coat Drive", "Bring a coat, take a coat; volunteers sort by size.", "Riverton Public Library",
             "303 Genesee St, Riverton, NY 13501", weeks: -51, weekday: 7, hour: 10, minutes: 240,
             host: "Riverton Public Library", stamps: 1),
        past("Lunar New Year Celebration", "Lion dance, dumplings and calligraphy for all ages.", "Oneida Square",
             "Oneida Square, Riverton, NY 13502", weeks: -48, weekday: 7, hour: 12, minutes: 240,
             host: "Refugee Center", stamps: 2),
        past("Black History Month Film Night", "A screening and a talk with local historians.", "Stanley Theater",
             "259 Genesee St, Riverton, NY 13501", weeks: -45, weekday: 5, hour: 19, minutes: 150,
             host: "Riverton Arts Council", stamps: 1),
        past("Budget Listening Session", "Tell the council what the city should spend on next year.", "City Hall Council Chambers",
             "1 Kennedy Plaza, Riverton, NY 13502", weeks: -42, weekday: 3, hour: 18, minutes: 120,
             host: "Office of the Mayor", stamps: 1),
        past("Spring River Cleanup", "Gloves, bags and grabbers provided; lunch after.", "Riverfront Plaza",
             "100 Front St, Riverton, NY 13501", weeks: -38, weekday: 7, hour: 9, minutes: 180,
             host: "Keep Riverton Beautiful", stamps: 2),
        past("Earth Day Tree Planting", "Forty new street trees on the east side.", "Kemble Park Pavilion",
             "Kemble St & Mohawk St, Riverton, NY", weeks: -35, weekday: 7, hour: 10, minutes: 180,
             host: "Riverton Parks & Recreation", stamps: 2),
        past("Heritage Day Walking Tour", "The canal, the mills and the old rail yards with a guide.", "Riverton History Museum",
             "318 Genesee St, Riverton, NY 13502", weeks: -31, weekday: 1, hour: 14, minutes: 120,
             host: "Riverton Historical Society", stamps: 1),
        past("Juneteenth Festival", "Music, food trucks and a community art wall.", "Chancellor Park",
             "Chancellor Park, Riverton, NY 13501", weeks: -27, weekday: 7, hour: 12, minutes: 300,
             host: "Riverton Parks & Recreation", stamps: 2),
        past("Summer Concert in the Park", "The Riverton Community Band under the stars.", "Chancellor Park",
             "Chancellor Park, Riverton, NY 13501", weeks: -24, weekday: 4, hour: 19, minutes: 120,
             host: "Riverton Arts Council", stamps: 1),
        past("Back-to-School Supply Giveaway", "Backpacks and supplies for students of every grade.", "Riverton Public Library",
             "303 Genesee St, Riverton, NY 13501", weeks: -20, weekday: 7, hour: 10, minutes: 180,
             host: "Community Relations Office", stamps: 1),
        past("Welcome Week for New Residents", "Meet the city's services, the library and your neighbours.", "City Hall Room 101",
             "1 Kennedy Plaza, Riverton, NY 13502", weeks: -17, weekday: 3, hour: 17, minutes: 120,
             host: "Community Relations Office", stamps: 2),
        past("Fall Harvest Festival", "Cider, pumpkins and a farmers' parade down Genesee Street.", "Bagg's Square",
             "Bagg's Square, Riverton, NY 13501", weeks: -15, weekday: 7, hour: 11, minutes: 300,
             host: "Riverton Main Street Association", stamps: 3),
    ]

    private static func past(_ title: String, _ description: String, _ location: String, _ address: String, weeks: Int,
                             weekday: Int, hour: Int, minutes: Int, host: String, stamps: Int) -> DemoEventTemplate {
        DemoEventTemplate(title: title, description: description, locationName: location, address: address,
                          when: .once(weeksFromNow: weeks, weekday: weekday, hour: hour, minute: 0, minutes: minutes),
                          host: host, contact: rivertonOffice, audience: ["residents", "students"], stampValue: stamps)
    }
}
