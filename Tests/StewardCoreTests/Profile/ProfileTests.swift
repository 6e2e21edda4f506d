import Foundation
import Testing
@testable import StewardCore

/// The organization's profile: its fields' rules, one per organization, and what shows now.
@Suite("Organization profile")
struct ProfileTests {
    /// The fields `values` is refused for, by name; empty when it passes.
    static func refused(_ values: [String: JSONValue]) -> [String] {
        do {
            _ = try RecordType.profile.validate(.object(values), orgZone: .gmt)
            return []
        } catch {
            return error.issues.map(\.field)
        }
    }

    static func messages(_ values: [String: JSONValue]) -> [String] {
        do {
            _ = try RecordType.profile.validate(.object(values), orgZone: .gmt)
            return []
        } catch {
            return error.issues.map(\.description)
        }
    }

    static let name: [String: JSONValue] = ["displayName": .string("Grace")]

    static func with(_ key: String, _ value: JSONValue) -> [String: JSONValue] {
        var values = name
        values[key] = value
        return values
    }

    @Test("each social address is checked for its own site, with or without www. or m.")
    func socialSites() {
        let good: [(String, String)] = [
            ("facebook", "https://www.facebook.com/grace"), ("facebook", "https://fb.com/grace"), ("facebook", "https://m.facebook.com/grace"),
            ("instagram", "https://instagram.com/grace"), ("instagram", "https://www.instagram.com/grace/"),
            ("youtube", "https://www.youtube.com/@grace"), ("youtube", "https://youtu.be/abc"), ("youtube", "https://m.youtube.com/c/grace"),
            ("x", "https://x.com/grace"), ("x", "https://twitter.com/grace"), ("x", "https://www.twitter.com/grace"),
            ("tiktok", "https://www.tiktok.com/@grace"), ("tiktok", "https://m.tiktok.com/@grace"),
        ]
        for (field, address) in good {
            #expect(Self.refused(Self.with(field, .string(address))).isEmpty, "\(field) \(address)")
        }
        let bad: [(String, String)] = [
            ("facebook", "https://instagram.com/grace"), ("instagram", "https://www.facebook.com/grace"),
            ("instagram", "https://instagram.com.evil.example/grace"), ("youtube", "https://vimeo.com/grace"),
            ("x", "https://xx.com/grace"), ("tiktok", "https://tiktok.example.com/@grace"),
        ]
        for (field, address) in bad {
            #expect(Self.refused(Self.with(field, .string(address))) == [field], "\(field) \(address)")
        }
        let message = Self.messages(Self.with("instagram", .string("https://www.facebook.com/grace"))).first ?? ""
        #expect(message.contains("Instagram") && message.contains("instagram.com"), "\(message)")
        // A plain http address is refused before its site is looked at.
        #expect(Self.refused(Self.with("facebook", .string("http://facebook.com/grace"))) == ["facebook"])
    }

    @Test("the name is required; the logo, website and banners' pictures must be https")
    func addresses() {
        #expect(Self.refused([:]) == ["display-name"])
        #expect(Self.refused(Self.with("logo", .string("http://grace.example/logo.png"))) == ["logo"])
        #expect(Self.refused(Self.with("website", .string("http://grace.example"))) == ["website"])
        #expect(Self.refused(Self.with("banners", .array([.object(["image": .string("http://grace.example/b.jpg")])]))) == ["banners"])
        #expect(Self.refused(Self.with("email", .string("office at grace"))) == ["email"])
        #expect(Self.refused(Self.with("welcome", .string("See [us](http://grace.example)"))) == ["welcome"])
    }

    @Test("a map position needs both its latitude and its longitude")
    func coordinatePair() {
        var values = Self.with("latitude", .double(39.8))
        #expect(Self.refused(values) == ["longitude"])
        values["latitude"] = nil
        values["longitude"] = .double(-89.6)
        #expect(Self.refused(values) == ["latitude"])
        values["latitude"] = .double(39.8)
        #expect(Self.refused(values).isEmpty)
        #expect(Self.refused(Self.with("latitude", .double(91))) == ["latitude"])
    }

    @Test("a banner's window must end after it starts; the ones showing now are those in their window")
    func bannerWindows() throws {
        let banner = { (from: String?, until: String?) -> JSONValue in
            .object(["image": .string("https://grace.example/b.jpg"), "showFrom": from.map(JSONValue.string) ?? .null,
                     "showUntil": until.map(JSONValue.string) ?? .null])
        }
        let backwards = Self.with("banners", .array([banner("2026-12-01T00:00Z", "2026-12-24T00:00Z"),
                                                     banner("2026-12-24T00:00Z", "2026-12-01T00:00Z")]))
        #expect(Self.refused(backwards) == ["banners"])
        #expect(Self.messages(backwards).first?.contains("item 2") == true, "\(Self.messages(backwards))")
        #expect(Self.refused(Self.with("banners", .array(Array(repeating: banner(nil, nil), count: 11)))) == ["banners"])

        let checked = try RecordType.profile.validate(.object(Self.with("banners", .array([
            banner("2026-12-01T00:00Z", "2026-12-24T00:00Z"), banner("2026-12-24T00:00Z", nil),
            banner(nil, "2026-11-30T00:00Z"), banner(nil, nil)]))), orgZone: .gmt)
        let now = try #require(DateTimeText.parseUTC("2026-12-06T12:00"))
        let showing = ProfileBanners.showing(in: checked, at: now)
        #expect(showing.count == 2)
        #expect(showing.first?["showFrom"]?.stringValue == "2026-12-01T00:00:00.000Z")
        #expect(showing.last?["showFrom"] == .null && showing.last?["showUntil"] == .null)
        // The end is not in the window: at that instant it no longer shows.
        #expect(!ProfileBanners.isShowing(checked["banners"]!.arrayValue![0], at: try #require(DateTimeText.parseUTC("2026-12-24T00:00"))))
    }

    @Test("times are a day and a time of day, kept as HH:MM")
    func times() throws {
        let time = { (day: String, start: String, end: String) -> JSONValue in
            .object(["day": .string(day), "start": .string(start), "end": .string(end), "label": .string("Worship")])
        }
        let checked = try RecordType.profile.validate(.object(Self.with("times", .array([time("sunday", "9:30", "11:00")]))),
                                                      orgZone: .gmt)
        #expect(checked["times"]?.arrayValue?.first?["start"]?.stringValue == "09:30")
        #expect(Self.refused(Self.with("times", .array([time("someday", "9:30", "")]))) == ["times"])
        #expect(Self.refused(Self.with("times", .array([time("sunday", "25:00", "")]))) == ["times"])
        #expect(Self.refused(Self.with("times", .array([time("sunday", "09:00", "noon")]))) == ["times"])
    }

    @Test("one profile per organization: set makes it, then changes only the fields given; a second is refused")
    func onePerOrganization() async throws {
        let database = try AppDatabase.inMemory()
        let org = try await OrganizationService(database: database).add(slug: "grace", name: "Grace", timeZone: "America/Chicago",
                                                                         kind: .church)
        let service = RecordService(database: database)
        #expect(try await service.singleton(.profile, in: org) == nil)
        let made = try await service.set(.profile, changes: ["displayName": .string("Grace"), "phone": .string("+1 217 555 0140")],
                                         in: org)
        let changed = try await service.set(.profile, changes: ["instagram": .string("https://instagram.com/grace")], in: org)
        #expect(changed.id == made.id)
        #expect(changed["phone"]?.stringValue == made["phone"]?.stringValue)
        #expect(changed["instagram"]?.stringValue == "https://instagram.com/grace")
        // The same values again are no edit.
        let same = try await service.set(.profile, changes: ["instagram": .string("https://instagram.com/grace")], in: org)
        #expect(same.version == changed.version && same.updatedAt == changed.updatedAt)

        // A refused set changes nothing.
        await #expect(throws: ValidationError.self) {
            _ = try await service.set(.profile, changes: ["instagram": .string("https://facebook.com/grace")], in: org)
        }
        #expect(try await service.singleton(.profile, in: org)?["instagram"]?.stringValue == "https://instagram.com/grace")

        // A second one, made as a script would, is refused naming the first.
        do {
            _ = try await service.create(.profile, fields: .object(["displayName": .string("Twin")]), in: org)
            Issue.record("a second profile was made")
        } catch {
            #expect("\(error)".contains(made.key), "\(error)")
        }
        #expect(try await service.list(.profile, in: org).count == 1)
    }

    @Test("every demo organization has a profile; the church's shows its Advent banner now")
    func demo() async throws {
        let database = try AppDatabase.inMemory()
        let reference = try #require(DateTimeText.parseUTC("2026-11-29T18:00"))
        _ = try DemoDataset(database: database).load(reference: reference)
        let service = RecordService(database: database)
        for org in try await OrganizationService(database: database).all() {
            let profile = try #require(try await service.singleton(.profile, in: org), "\(org.slug)")
            #expect(profile["displayName"]?.stringValue == org.name)
        }
        let church = try await OrganizationService(database: database).find(slug: "grace-church")
        let profile = try #require(try await service.singleton(.profile, in: church))
        let showing = ProfileBanners.showing(in: profile.fields, at: reference)
        #expect(showing.map { $0["title"]?.stringValue } == ["Advent: Waiting Well"])
    }
}
