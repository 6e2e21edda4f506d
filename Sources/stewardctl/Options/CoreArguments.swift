import ArgumentParser
import StewardCore

// Core enums typed on the command line: their raw values are the spellings, and an unknown
// value is a usage error that lists the valid ones.
extension OrganizationKind: ExpressibleByArgument {}
extension EventSortKey: ExpressibleByArgument {}
