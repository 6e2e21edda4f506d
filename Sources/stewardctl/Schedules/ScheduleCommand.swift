import ArgumentParser

/// `stewardctl schedule`: the gym's class schedule, a read-only mirror of its booking service.
struct ScheduleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Mirror the class schedule from the gym's booking service (MindBody, an iCalendar feed, a saved file), review it and add the gym's notes.",
        discussion: """
            The booking service stays the source of truth: a refresh rewrites what it says of each \
            class, marks classes it no longer lists as removed (they are kept), and never touches \
            the gym's notes and featured classes. A refresh is all or nothing: a failure changes nothing.
            """,
        subcommands: [ScheduleSourcesCommand.self, ScheduleRefresh.self, ScheduleList.self, ScheduleNote.self,
                      ScheduleFeature.self, ScheduleAppointments.self])
}

struct ScheduleSourcesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: "List, add and remove where the schedule comes from.",
        subcommands: [ScheduleSourcesList.self, ScheduleSourcesAdd.self, ScheduleSourcesRemove.self])
}
