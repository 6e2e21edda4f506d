import Foundation
import Translation

/// Reads a window of classes from MindBody's Public API v6:
/// `GET {base}/public/v6/class/classes` with the `Api-Key` and `SiteId` headers (and a staff
/// user token where the site needs one), paged with `Limit`/`Offset` until
/// `PaginationResponse.TotalResults` is reached. All pages are read before anything is returned,
/// so a failure on any page leaves the caller with nothing half-read.
public struct MindBodyClient: Sendable {
    public var http: HTTPClient
    public var baseURL: String
    public var siteId: String
    public var apiKey: String
    public var staffToken: String?
    /// MindBody's largest page.
    public var pageSize: Int

    public init(http: HTTPClient, baseURL: String, siteId: String, apiKey: String, staffToken: String? = nil,
                pageSize: Int = 200) {
        self.http = http
        self.baseURL = baseURL
        self.siteId = siteId
        self.apiKey = apiKey
        self.staffToken = staffToken
        self.pageSize = pageSize
    }

    /// The classes starting within `window`, site times read in `zone`.
    public func classes(in window: DateInterval, zone: TimeZone) async throws(ScheduleRefreshError) -> [SourceClass] {
        try await pages(in: window, zone: zone).flatMap(\.parsed.classes)
    }

    /// One page's raw answer.
    public struct RawPage: Sendable {
        public var number: Int
        public var body: Data
    }

    /// Every page's body, as fetched: what the benchmark parses alone.
    public func rawPages(in window: DateInterval, zone: TimeZone) async throws(ScheduleRefreshError) -> [RawPage] {
        try await pages(in: window, zone: zone).map(\.raw)
    }

    /// Fetches and reads every page in turn; each page's total and count decide whether another
    /// follows.
    private func pages(in window: DateInterval, zone: TimeZone) async throws(ScheduleRefreshError) -> [(raw: RawPage, parsed: MindBodyPage)] {
        var result: [(raw: RawPage, parsed: MindBodyPage)] = []
        var offset = 0
        var number = 1
        while true {
            let body = try await fetch(offset: offset, number: number, window: window, zone: zone)
            let page = try MindBodyClient.parse(body, number: number, zone: zone)
            result.append((RawPage(number: number, body: body), page))
            offset += page.classes.count
            let total = page.totalResults ?? (page.classes.count < pageSize ? offset : .max)
            if offset >= total { break }
            if page.classes.isEmpty {
                throw ScheduleRefreshError(.malformed, tr("MindBody said there are {total} classes but page {page} was empty after {count}",
                                                          ["total": String(total), "page": String(number), "count": String(offset)]))
            }
            number += 1
        }
        return result
    }

    static func parse(_ body: Data, number: Int, zone: TimeZone) throws(ScheduleRefreshError) -> MindBodyPage {
        do {
            return try MindBodyJSON.page(body, zone: zone)
        } catch {
            throw ScheduleRefreshError(.malformed, tr("page {page} from MindBody cannot be read: {reason}",
                                                      ["page": String(number), "reason": error.reason]))
        }
    }

    func request(offset: Int, window: DateInterval, zone: TimeZone) -> HTTPClientRequest {
        var components = URLComponents(string: baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL)
        components?.path += "/public/v6/class/classes"
        components?.queryItems = [
            URLQueryItem(name: "StartDateTime", value: SourceDateTime.format(window.start, zone: zone)),
            URLQueryItem(name: "EndDateTime", value: SourceDateTime.format(window.end, zone: zone)),
            URLQueryItem(name: "Limit", value: String(pageSize)),
            URLQueryItem(name: "Offset", value: String(offset)),
        ]
        var headers = ["Api-Key": apiKey, "SiteId": siteId, "Accept": "application/json"]
        if let staffToken, !staffToken.isEmpty { headers["Authorization"] = staffToken }
        return HTTPClientRequest(url: components?.string ?? baseURL, headers: headers)
    }

    private func fetch(offset: Int, number: Int, window: DateInterval, zone: TimeZone) async throws(ScheduleRefreshError) -> Data {
        let request = request(offset: offset, window: window, zone: zone)
        // The API key is a header of MindBody's own, which the HTTP client does not recognise as a
        // credential: refuse plain HTTP off this computer here.
        if Loopback.isUnencryptedOffLoopback(request.url) {
            throw ScheduleRefreshError(.source, tr("the MindBody address {url} is plain http: the API key would cross the network readable; use https",
                                                   ["url": baseURL]))
        }
        let response: HTTPClientResponse
        do {
            response = try await http.send(request)
        } catch {
            switch error {
            case .timedOut:
                throw ScheduleRefreshError(.timedOut, tr("MindBody did not answer page {page} in time (after {seconds} seconds)",
                                                         ["page": String(number), "seconds": String(Int(http.options.totalTimeout))]))
            case .couldNotConnect(let reason), .connectionLost(let reason):
                throw ScheduleRefreshError(.unreachable, tr("cannot reach MindBody at {url}: {reason}", ["url": baseURL, "reason": reason]))
            default:
                throw ScheduleRefreshError(.unreachable, tr("cannot read page {page} from MindBody: {reason}",
                                                            ["page": String(number), "reason": error.description]))
            }
        }
        switch response.status {
        case 200..<300:
            return response.body
        case 401, 403:
            throw ScheduleRefreshError(.refused, tr("MindBody refused the API key or site id (HTTP {status}{message}); check them and add the source again",
                                                    ["status": String(response.status), "message": Self.errorMessage(response.body)]))
        default:
            throw ScheduleRefreshError(.serverError, tr("MindBody answered page {page} with an error (HTTP {status}{message}); try again later",
                                                        ["page": String(number), "status": String(response.status),
                                                         "message": Self.errorMessage(response.body)]))
        }
    }

    /// ": <MindBody's message>" when the error body has one (`{"Error": {"Message": …}}`).
    static func errorMessage(_ body: Data) -> String {
        guard let json = try? JSONValue.parse(body), let message = json["Error"]?["Message"]?.stringValue ?? json["Message"]?.stringValue,
              !message.isEmpty else { return "" }
        return ": " + String(message.prefix(200))
    }
}
