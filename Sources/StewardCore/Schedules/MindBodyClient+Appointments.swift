import Foundation
import Translation

/// Staff appointments (personal training) from MindBody's Public API v6, where the site exposes
/// them: `GET {base}/public/v6/appointment/staffappointments` with the same headers as classes,
/// `StartDate`/`EndDate` for the window, paged with `Limit`/`Offset`. Trainers' names come from
/// the classes' staff, else from `GET /public/v6/staff/staff`, else "Staff #ID"; session types'
/// names from `GET /public/v6/site/sessiontypes` where the site lists them.
extension MindBodyClient {
    /// What a site says of its appointments: nil when it does not expose them (403 or 404 on the
    /// appointments' first page). Any other failure throws, so the refresh changes nothing.
    /// `knownStaff` maps staff ids to the names the classes gave.
    public func appointments(in window: DateInterval, zone: TimeZone,
                             knownStaff: [String: String]) async throws(ScheduleRefreshError) -> [SourceAppointment]? {
        let what = tr("the staff appointments")
        guard let items = try await pagedItems(
            path: "/public/v6/appointment/staffappointments", arrayKey: "Appointments", what: what,
            query: [URLQueryItem(name: "StartDate", value: SourceDateTime.format(window.start, zone: zone)),
                    URLQueryItem(name: "EndDate", value: SourceDateTime.format(window.end, zone: zone))])
        else { return nil }
        var appointments: [SourceAppointment] = []
        appointments.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            do {
                appointments.append(try MindBodyAppointmentJSON.appointment(item, index: index, zone: zone))
            } catch {
                throw ScheduleRefreshError(.malformed, tr("{what} from MindBody cannot be read: {reason}",
                                                          ["what": what, "reason": error.reason]))
            }
        }

        // Names: the staff list is asked for only when the classes did not name everyone.
        var staff = knownStaff
        let unknown = Set(appointments.compactMap(\.staffId)).subtracting(staff.keys)
        if !unknown.isEmpty,
           let members = try await pagedItems(path: "/public/v6/staff/staff", arrayKey: "StaffMembers", what: tr("the staff list")) {
            staff.merge(MindBodyAppointmentJSON.staffNames(members)) { known, _ in known }
        }
        var sessionTypes: [String: String] = [:]
        if appointments.contains(where: { $0.sessionTypeId != nil }),
           let types = try await pagedItems(path: "/public/v6/site/sessiontypes", arrayKey: "SessionTypes", what: tr("the session types")) {
            sessionTypes = MindBodyAppointmentJSON.sessionTypeNames(types)
        }
        for index in appointments.indices {
            if let id = appointments[index].staffId {
                appointments[index].staff = staff[id] ?? tr("Staff #{id}", ["id": id])
            }
            if let id = appointments[index].sessionTypeId { appointments[index].sessionType = sessionTypes[id] ?? "" }
        }
        return appointments
    }

    /// Every item of a paged list, every page read before returning; nil when the first page
    /// answers 403 or 404 (the site does not expose this list).
    func pagedItems(path: String, arrayKey: String, what: String,
                    query: [URLQueryItem] = []) async throws(ScheduleRefreshError) -> [JSONValue]? {
        var items: [JSONValue] = []
        var number = 1
        while true {
            var components = URLComponents(string: baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL)
            components?.path += path
            components?.queryItems = query + [URLQueryItem(name: "Limit", value: String(pageSize)),
                                              URLQueryItem(name: "Offset", value: String(items.count))]
            var headers = ["Api-Key": apiKey, "SiteId": siteId, "Accept": "application/json"]
            if let staffToken, !staffToken.isEmpty { headers["Authorization"] = staffToken }
            let request = HTTPClientRequest(url: components?.string ?? baseURL, headers: headers)
            if Loopback.isUnencryptedOffLoopback(request.url) {
                throw ScheduleRefreshError(.source, tr("the MindBody address {url} is plain http: the API key would cross the network readable; use https",
                                                       ["url": baseURL]))
            }
            let response: HTTPClientResponse
            do {
                response = try await http.send(request)
            } catch {
                if case .timedOut = error {
                    throw ScheduleRefreshError(.timedOut, tr("MindBody did not answer page {page} of {what} in time (after {seconds} seconds)",
                                                             ["page": String(number), "what": what,
                                                              "seconds": String(Int(http.options.totalTimeout))]))
                }
                throw ScheduleRefreshError(.unreachable, tr("cannot reach MindBody at {url}: {reason}", ["url": baseURL, "reason": error.description]))
            }
            if number == 1, response.status == 403 || response.status == 404 { return nil }
            guard (200..<300).contains(response.status) else {
                throw ScheduleRefreshError(.serverError, tr("MindBody answered page {page} of {what} with an error (HTTP {status}{message}); try again later",
                                                            ["page": String(number), "what": what, "status": String(response.status),
                                                             "message": Self.errorMessage(response.body)]))
            }
            let root: JSONValue
            do {
                root = try JSONValue.parse(response.body)
            } catch {
                throw ScheduleRefreshError(.malformed, tr("page {page} of {what} from MindBody cannot be read: {reason}",
                                                          ["page": String(number), "what": what, "reason": error.description]))
            }
            guard let page = root[arrayKey]?.arrayValue else {
                throw ScheduleRefreshError(.malformed, tr("page {page} of {what} from MindBody cannot be read: {reason}",
                                                          ["page": String(number), "what": what,
                                                           "reason": tr("no \"{key}\" array", ["key": arrayKey])]))
            }
            items += page
            let total = root["PaginationResponse"]?["TotalResults"]?.int64Value.map { Int($0) }
                ?? (page.count < pageSize ? items.count : .max)
            if items.count >= total { break }
            if page.isEmpty {
                throw ScheduleRefreshError(.malformed, tr("MindBody said there are {total} of {what} but page {page} was empty after {count}",
                                                          ["total": String(total), "what": what, "page": String(number),
                                                           "count": String(items.count)]))
            }
            number += 1
        }
        return items
    }
}
