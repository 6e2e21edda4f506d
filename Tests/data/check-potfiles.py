#!/usr/bin/env python3
"""Checks what `make pot` reads (po/POTFILES) against the sources.

Fails when:
  - a Swift file calls tr, trn, trc or trLater but is not listed (its texts would never reach
    the template), or a listed file does not exist;
  - a marked text is not something xgettext reads as Swift wrote it: it must be one plain
    string literal on one line, without `\\(...)` interpolation or `\\u{...}` escapes, not a
    multi-line or raw literal (values go in through {name} placeholders);
  - a .ui file has a visible text (label, title, tooltip, placeholder, accessible name...)
    with no translatable attribute (mark it translatable="yes", or translatable="no" for
    what is not language, such as an example address), or has translatable texts and is not
    listed;
  - the desktop file and AppStream templates or the settings schema are not listed.

  - with --pot, a marked Swift text is missing from that template (xgettext, reading Swift as
    C, lost it).

Usage: check-potfiles.py po/POTFILES [--pot FILE]   (from the top of the repository)
       check-potfiles.py --list                     prints the files that should be listed
"""
import os
from pathlib import Path
import re
import sys
import xml.etree.ElementTree as ET

MARKERS = {"tr": 1, "trLater": 1, "trn": 2, "trc": 2}
# Where the helpers themselves live: their comments and signatures are no marked texts.
HELPER_DIR = "Sources/Translation/"
DATA_FILES = ["data/org.steward.Steward.desktop.in", "data/org.steward.Steward.metainfo.xml.in",
              "data/org.steward.Steward.gschema.xml"]
VISIBLE_PROPERTIES = {"label", "title", "subtitle", "tooltip-text", "tooltip-markup", "placeholder-text",
                      "description", "heading", "body", "text", "accelerator-title", "secondary-text",
                      "primary-text", "button-label", "accept-label", "cancel-label", "title-lines"}
# Properties whose value is an id, a number or a flag even though the name says "title".
NOT_TEXT = {"title-lines", "section-name"}


def swift_tokens(source):
    """Yields (kind, text, line) for identifiers, '(' and string literals, skipping comments."""
    i, line, n = 0, 1, len(source)
    while i < n:
        c = source[i]
        if c == "\n":
            line += 1
            i += 1
        elif source.startswith("//", i):
            while i < n and source[i] != "\n":
                i += 1
        elif source.startswith("/*", i):
            depth = 0
            while i < n:
                if source.startswith("/*", i):
                    depth += 1
                    i += 2
                elif source.startswith("*/", i):
                    depth -= 1
                    i += 2
                    if depth == 0:
                        break
                else:
                    line += source[i] == "\n"
                    i += 1
        elif c == "#" and re.match(r'#+"', source[i:]):
            hashes = re.match(r"#+", source[i:]).group(0)
            start = i
            multi = source.startswith('"""', i + len(hashes))
            close = ('"""' if multi else '"') + hashes
            end = source.find(close, i + len(hashes) + (3 if multi else 1))
            end = n if end < 0 else end + len(close)
            text = source[start:end]
            yield ("raw-string", text, line)
            line += text.count("\n")
            i = end
        elif c == '"':
            start = i
            if source.startswith('"""', i):
                end = source.find('"""', i + 3)
                while end > 0 and source[end - 1] == "\\":
                    end = source.find('"""', end + 1)
                end = n if end < 0 else end + 3
            else:
                j, depth = i + 1, 0
                while j < n:
                    if source[j] == "\\" and j + 1 < n:
                        if source[j + 1] == "(":
                            depth += 1
                            j += 2
                            continue
                        j += 2
                        continue
                    if depth and source[j] == "(":
                        depth += 1
                    elif depth and source[j] == ")":
                        depth -= 1
                    elif source[j] == '"' and depth == 0:
                        break
                    elif source[j] == "\n":
                        break
                    j += 1
                end = j + 1
            text = source[start:end]
            yield ("string", text, line)
            # A marker inside an interpolation is code xgettext takes for text: never extracted.
            if re.search(r"\\\(.*\b(" + "|".join(MARKERS) + r")\(", text):
                yield ("marker-in-string", text, line)
            line += text.count("\n")
            i = end
        elif c.isalpha() or c == "_":
            j = i
            while j < n and (source[j].isalnum() or source[j] == "_"):
                j += 1
            yield ("name", source[i:j], line)
            i = j
        elif c in "(),.":
            yield (c, c, line)
            i += 1
        else:
            i += 1


def plain_literal_problem(token):
    kind, text, _ = token
    if kind == "raw-string":
        return "a raw string literal"
    if kind != "string":
        return "not a string literal (xgettext reads literals only)"
    if text.startswith('"""'):
        return "a multi-line literal"
    if "\\(" in text:
        return "an interpolation \\(...): use a {name} placeholder"
    if "\\u{" in text:
        return "a \\u{...} escape: write the character itself"
    return None


def marked_calls(path):
    """Yields (line, problem or None, (context, msgid) or None) for each marker call in a file."""
    tokens = list(swift_tokens(open(path, encoding="utf-8").read()))
    for index, (kind, text, line) in enumerate(tokens):
        if kind == "marker-in-string":
            yield line, "a marked text inside an interpolation \\(...): xgettext cannot see it", None
            continue
        if kind != "name" or text not in MARKERS:
            continue
        # `func tr(` is the definition; `.tr(` a member of something else.
        if index > 0 and tokens[index - 1][1] in ("func", "."):
            continue
        if index + 1 >= len(tokens) or tokens[index + 1][0] != "(":
            continue
        args, position = [], index + 2
        for _ in range(MARKERS[text]):
            if position >= len(tokens):
                break
            args.append(tokens[position])
            position += 2  # the literal, then ','
        problems = [p for p in (plain_literal_problem(a) for a in args) if p]
        if problems:
            yield line, f"{text}(...): {problems[0]}", None
        else:
            bodies = [a[1][1:-1] for a in args]
            yield line, None, (bodies[0], bodies[1]) if text == "trc" else ("", bodies[0])


def template_keys(path):
    """(msgctxt, msgid) of every entry of a .pot, still escaped; a text over several lines (one
    with a \\n) is joined."""
    keys, context, field, parts = set(), "", None, []

    def finish():
        nonlocal context
        if field == "msgid":
            keys.add((context, "".join(parts)))
            context = ""
        elif field == "msgctxt":
            context = "".join(parts)

    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith('"') and field:
            parts.append(line[1:-1])
            continue
        finish()
        field, parts = None, []
        for name in ("msgctxt", "msgid"):
            if line.startswith(name + ' "'):
                field, parts = name, [line[len(name) + 2:-1]]
    finish()
    return keys


def visible_ui_problems(path):
    tree = ET.parse(path)
    has_translatable = False
    problems = []
    for element in tree.iter():
        if element.get("translatable") == "yes":
            has_translatable = True
        if element.tag not in ("property", "attribute", "item") or not (element.text or "").strip():
            continue
        name = element.get("name", "")
        if element.tag != "item" and (name not in VISIBLE_PROPERTIES or name in NOT_TEXT):
            continue
        if element.get("translatable") is None:
            problems.append(f"{path}: <{element.tag} name=\"{name}\"> {element.text.strip()[:60]!r} "
                            "has no translatable attribute")
    return has_translatable, problems


def swift_files():
    for root, _, files in os.walk("Sources"):
        for name in sorted(files):
            if name.endswith(".swift"):
                yield os.path.join(root, name)


def main():
    failures = []
    expected = []
    marked = []
    for path in sorted(swift_files()):
        if path.startswith(HELPER_DIR):
            continue
        calls = list(marked_calls(path))
        if calls:
            expected.append(path)
        failures += [f"{path}:{line}: {problem}" for line, problem, _ in calls if problem]
        marked += [(f"{path}:{line}", key) for line, _, key in calls if key]
    for path in sorted(str(found) for found in Path("ui").glob("*/*.ui")):
        translatable, problems = visible_ui_problems(path)
        failures += problems
        if translatable:
            expected.append(path)

    if sys.argv[1:] == ["--list"]:
        print("\n".join(expected + DATA_FILES))
        return 0
    arguments = sys.argv[1:]
    pot = None
    if len(arguments) == 3 and arguments[1] == "--pot":
        pot = arguments[2]
        arguments = arguments[:1]
    if len(arguments) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    if pot:
        known = template_keys(pot)
        failures += [f"{where}: {msgid!r} is marked but not in {pot}" + (f" (context {context!r})" if context else "")
                     for where, (context, msgid) in marked if (context, msgid) not in known]

    listed = []
    for raw in open(arguments[0], encoding="utf-8"):
        entry = raw.split("#", 1)[0].strip()
        if entry:
            listed.append(entry)
    for path in listed:
        if not os.path.exists(path):
            failures.append(f"{arguments[0]}: {path} does not exist")
    for path in expected + DATA_FILES:
        if path not in listed:
            failures.append(f"{arguments[0]}: {path} marks texts for translation but is not listed")

    for failure in failures:
        print(f"check-potfiles: {failure}")
    if failures:
        print("check-potfiles: see docs/translating.md")
        return 1
    print(f"check-potfiles: {len(listed)} files listed, {len(marked)} marked Swift texts readable by xgettext"
          + (f" and in {pot}" if pot else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
