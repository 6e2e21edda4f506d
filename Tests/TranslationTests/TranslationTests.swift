import Foundation
import Glibc
import Testing
@testable import Translation

/// The helper against a real catalogue: a made-up language (`xx`, Tests/TranslationTests/
/// Fixtures/xx.po) compiled with msgfmt into a temporary locale folder. Its texts exist only in
/// these tests, so pointing the process at it leaves every other test's English alone.
@Suite("Translation: tr, trn, trc and placeholders", .serialized)
struct TranslationTests {
    init() throws {
        try TestCatalogue.install()
    }

    @Test("a marked text comes back translated")
    func plain() {
        #expect(tr("Translation test: a plain text") == "Tránslatíon tëst: à plaín tëxt")
    }

    @Test("a text with no translation comes back as written")
    func untranslated() {
        #expect(tr("Translation test: nobody translated this") == "Translation test: nobody translated this")
        #expect(tr("Translation test: {what} stays", ["what": "English"]) == "Translation test: English stays")
    }

    @Test("placeholders are filled after translating, wherever the translation puts them")
    func placeholders() {
        #expect(tr("Translation test: hello {name}, {count} left", ["name": "Ann", "count": "3"])
            == "Translation test: 3 left for Ann")
    }

    @Test("plurals take the catalogue's form for the count, and {count} is filled")
    func plurals() {
        #expect(trn("Translation test: {count} thing", "Translation test: {count} things", 1)
            == "Translation test: one thing (1)")
        #expect(trn("Translation test: {count} thing", "Translation test: {count} things", 2)
            == "Translation test: a pair of things (2)")
        #expect(trn("Translation test: {count} thing", "Translation test: {count} things", 1_024, ["count": "1,024"])
            == "Translation test: many things (1,024)")
    }

    @Test("untranslated plurals fall back to English's two forms")
    func untranslatedPlurals() {
        #expect(trn("Translation test: {count} apple", "Translation test: {count} apples", 1) == "Translation test: 1 apple")
        #expect(trn("Translation test: {count} apple", "Translation test: {count} apples", 0) == "Translation test: 0 apples")
        #expect(trn("Translation test: {count} apple", "Translation test: {count} apples", -1) == "Translation test: -1 apple")
    }

    @Test("a context picks its own translation, and falls back to the text without it")
    func context() {
        #expect(trc("translation test status", "Translation test: Live") == "Translation test: on the air")
        // The same text in no context, or another, has no translation.
        #expect(tr("Translation test: Live") == "Translation test: Live")
        #expect(trc("translation test verb", "Translation test: Live") == "Translation test: Live")
    }

    @Test("a declared text is translated when read, and keeps its English")
    func declared() {
        let label = trLater("Translation test: a declared label")
        #expect(label.text == "Translation test: a translated label")
        #expect(label.english == "Translation test: a declared label")
        #expect(trLater("Translation test: undeclared").text == "Translation test: undeclared")
    }
}

@Suite("Translation: placeholders and the locale folder")
struct PlaceholderAndFolderTests {
    @Test("braces that name no value stay as written")
    func bracesStay() {
        #expect(Placeholders.fill("[{\"heading\": …}] for {who}", ["who": "staff"]) == "[{\"heading\": …}] for staff")
        #expect(Placeholders.fill("{{who}} {who", ["who": "x"]) == "{x} {who")
        #expect(Placeholders.fill("no values {here}", [:]) == "no values {here}")
    }

    @Test("the locale folder: the variable, then beside the binary, then the checkout's build/")
    func folderOrder() {
        let binary = URL(fileURLWithPath: "/opt/steward/bin/steward")
        #expect(LocaleDirectory.candidates(environment: ["STEWARD_LOCALEDIR": "/tmp/l"], executable: binary,
                                           currentDirectory: "/src")
            == ["/tmp/l", "/opt/steward/share/locale", "/src/build/locale"])
        #expect(LocaleDirectory.candidates(environment: [:], executable: nil, currentDirectory: "/src")
            == ["/src/build/locale"])
    }

    @Test("the first folder that exists is used")
    func folderFound() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("locale-folder-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("build/locale"),
                                                withIntermediateDirectories: true)
        #expect(LocaleDirectory.find(environment: ["STEWARD_LOCALEDIR": "/nonexistent"], executable: nil,
                                     currentDirectory: root.path) == root.path + "/build/locale")
    }
}

/// The `xx` catalogue, compiled and bound once for the test process.
enum TestCatalogue {
    static let language = "xx"
    private static let installed = Result { try compileAndBind() }

    static func install() throws {
        try installed.get()
    }

    private static func compileAndBind() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/xx.po")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("steward-locale-\(UUID().uuidString)")
        let messages = folder.appendingPathComponent("\(language)/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        let msgfmt = Process()
        msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
        msgfmt.arguments = ["--check", "-o", messages.appendingPathComponent("\(translationDomain).mo").path, source.path]
        try msgfmt.run()
        msgfmt.waitUntilExit()
        guard msgfmt.terminationStatus == 0 else { throw CatalogueNotBuilt() }
        // gettext ignores LANGUAGE in the "C" locale; C.UTF-8 is on every Debian system.
        // LANGUAGE stays set for the process: no other test's text has an xx translation.
        setenv("LANGUAGE", language, 1)
        setlocale(LC_MESSAGES, "C.UTF-8")
        Translation.bind(localeDirectory: folder.path, defaultDomain: false)
    }

    struct CatalogueNotBuilt: Error {}
}
