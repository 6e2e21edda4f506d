"""Every symbolic icon the window names exists: in the Adwaita theme the console runs with
(Debian 12's adwaita-icon-theme), in hicolor, or in the project's own icons/. A name that is
not there shows GTK's missing-image placeholder, as the library's Borrowed Books tab once did.

Icon names are read from the Swift sources ("…-symbolic" literals) and the .ui files."""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
THEMES = [pathlib.Path("/usr/share/icons/Adwaita"), pathlib.Path("/usr/share/icons/hicolor"), ROOT / "icons"]

names = set()
for path in list((ROOT / "Sources").rglob("*.swift")) + list((ROOT / "ui").rglob("*.ui")):
    text = path.read_text(encoding="utf-8")
    names.update(re.findall(r'"([a-z0-9-]+-symbolic)"', text))
    names.update(re.findall(r'>([a-z0-9-]+-symbolic)<', text))

available = set()
for theme in THEMES:
    if theme.is_dir():
        available.update(p.stem.removesuffix(".symbolic") for p in theme.rglob("*-symbolic*"))

if not (pathlib.Path("/usr/share/icons/Adwaita").is_dir()):
    sys.exit("check-icons: /usr/share/icons/Adwaita is missing (make test-deps installs adwaita-icon-theme)")
missing = sorted(names - available)
for name in missing:
    print(f"check-icons: no icon named {name} in Adwaita, hicolor or icons/: it would show as a missing image")
if missing:
    sys.exit(1)
print(f"check-icons: {len(names)} icon names, all found")
