#!/usr/bin/env bash
# Validates every ui/*.ui file with gtk4-builder-tool. The tool needs a display and does not
# know libadwaita's types unless the library is loaded, hence Xvfb and LD_PRELOAD.
set -euo pipefail
cd "$(dirname "$0")/../.."
adw=$(pkg-config --variable=libdir libadwaita-1 2>/dev/null || echo /usr/lib/x86_64-linux-gnu)/libadwaita-1.so.0
run() {
    if [ -n "${DISPLAY:-}" ]; then "$@"; else xvfb-run -a "$@"; fi
}
status=0
for file in ui/*.ui; do
    if run env LD_PRELOAD="$adw" gtk4-builder-tool validate "$file"; then
        echo "ok   $file"
    else
        echo "FAIL $file"; status=1
    fi
done
exit $status
