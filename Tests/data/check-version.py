"""The version is written once (Sources/StewardCore/Support/StewardVersion.swift); each place
that repeats it for its own readers must follow: the AppStream metadata's newest release,
NEWS's first entry and the Debian changelog's first entry, with the same date in all three.
`make check-data` runs this."""
import re
import sys
import xml.etree.ElementTree as ElementTree

problems = []

swift = open("Sources/StewardCore/Support/StewardVersion.swift").read()
match = re.search(r'static let current = "([0-9]+\.[0-9]+\.[0-9]+)"', swift)
if not match:
    sys.exit("check-version: no version (N.N.N) in Sources/StewardCore/Support/StewardVersion.swift")
version = match.group(1)

releases = ElementTree.parse("data/org.steward.Steward.metainfo.xml.in").getroot().find("releases")
newest = releases[0] if releases is not None and len(releases) else None
metainfo = (newest.get("version"), newest.get("date")) if newest is not None else (None, None)
if metainfo[0] != version:
    problems.append("the metainfo's newest release is %s, not %s: add a <release> for it first in <releases>" % (metainfo[0], version))

news = re.search(r"^Steward (\S+) \((\d{4}-\d{2}-\d{2})\)$", open("NEWS").read(), re.M)
if not news or news.group(1) != version:
    problems.append("NEWS starts with %s, not %s: add its entry at the top" % (news.group(1) if news else "nothing", version))
elif news.group(2) != metainfo[1]:
    problems.append("NEWS dates %s %s, the metainfo %s" % (version, news.group(2), metainfo[1]))

changelog = open("data/debian/changelog").read()
debian = re.match(r"steward \(([^)]+)\) \S+; urgency=\S+", changelog)
if not debian or debian.group(1) != version:
    problems.append("data/debian/changelog starts with %s, not %s: add its entry at the top (dch -v %s)"
                    % (debian.group(1) if debian else "nothing", version, version))

for problem in problems:
    print("FAILED: " + problem)
if problems:
    sys.exit(1)
print("ok: version %s in StewardVersion.swift, the metainfo, NEWS and data/debian/changelog" % version)
