import Foundation
import CGettext
import Glibc

/// Start-up of translations, once per process at the top of `main`, before any other thread
/// starts (`setlocale` is not safe to call while others run). Only names are stored here:
/// gettext opens a catalogue the first time a text is looked up, so launching costs nothing
/// measurable.
public enum Translation {
    /// Takes the language from the environment (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`)
    /// and tells gettext where `steward.mo` is. `defaultDomain`: the window also makes it the
    /// process's default catalogue, which is where GtkBuilder looks up `translatable="yes"`.
    public static func start(defaultDomain: Bool = false, localeDirectory: String? = LocaleDirectory.find()) {
        setlocale(LC_ALL, "")
        bind(localeDirectory: localeDirectory, defaultDomain: defaultDomain)
    }

    static func bind(localeDirectory: String?, defaultDomain: Bool) {
        if let localeDirectory { bindtextdomain(translationDomain, localeDirectory) }
        // Texts come back as UTF-8 whatever the locale's own encoding, as Swift strings are.
        bind_textdomain_codeset(translationDomain, "UTF-8")
        if defaultDomain { textdomain(translationDomain) }
    }
}
