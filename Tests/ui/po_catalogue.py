"""Reads a gettext catalogue (a .po file) the way msgfmt does, for tests that drive the
window in another language: the translation of a text, and which texts are left untranslated.
Only what the tests need: msgctxt, msgid, msgid_plural, msgstr and msgstr[n], the fuzzy flag,
and C escapes in strings."""

import ast


class Catalogue:
    def __init__(self, path):
        self.path = path
        # (context or None, msgid) -> {"plural": str|None, "strs": [str], "fuzzy": bool}
        self.table = {}
        self._read(path)
        self.translations = {t for e in self.table.values() for t in e["strs"] if t}

    def _read(self, path):
        entry, field, fuzzy = {}, None, False

        def finish():
            nonlocal entry, fuzzy
            if "msgid" in entry and entry["msgid"] != "":
                strs = [entry[k] for k in sorted(k for k in entry if k.startswith("msgstr"))]
                self.table[(entry.get("msgctxt"), entry["msgid"])] = {
                    "plural": entry.get("msgid_plural"), "strs": strs, "fuzzy": fuzzy}
            entry, fuzzy = {}, False

        with open(path, encoding="utf-8") as f:
            for raw in f:
                line = raw.strip()
                if not line:
                    finish()
                    field = None
                    continue
                if line.startswith("#,") and "fuzzy" in line:
                    fuzzy = True
                    continue
                if line.startswith("#"):
                    continue
                if line.startswith('"'):
                    entry[field] += ast.literal_eval(line)
                    continue
                keyword, _, rest = line.partition(" ")
                if keyword == "msgctxt" and "msgid" in entry:
                    finish()
                field = keyword.replace("[", "").replace("]", "") if keyword.startswith("msgstr[") else keyword
                if keyword.startswith("msgstr["):
                    field = "msgstr" + keyword[len("msgstr["):-1]
                entry[field] = ast.literal_eval(rest)
        finish()

    def translate(self, msgid, context=None):
        """The translation, or the English text when the catalogue has none."""
        entry = self.table.get((context, msgid))
        if entry and not entry["fuzzy"] and entry["strs"] and entry["strs"][0]:
            return entry["strs"][0]
        return msgid

    def entries(self):
        """(English text, [its translations]) for each entry, plural forms included."""
        for (_, msgid), entry in self.table.items():
            yield msgid, entry["strs"]
            if entry["plural"]:
                yield entry["plural"], entry["strs"]

    def untranslated(self):
        return [msgid for (_, msgid), e in self.table.items()
                if e["fuzzy"] or not e["strs"] or not all(e["strs"])]

    def is_untranslated_english(self, text):
        """Whether `text` is one of the English texts, shown as it is although the catalogue
        translates it otherwise."""
        if text in self.translations:
            return False
        for context in {c for c, _ in self.table}:
            entry = self.table.get((context, text))
            if entry and entry["strs"] and entry["strs"][0] and entry["strs"][0] != text:
                return True
        return False
