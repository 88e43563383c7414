#!/bin/sh
# Put Courier in your applications menu (Linux): run ./add-to-menu.sh in the Courier folder.
# It writes courier.desktop, pointing at the Courier program beside this script, into your own
# applications folder. Run it again after moving the folder; ./add-to-menu.sh --remove takes the
# entry away again (the game's saves and settings are kept).
set -eu
here=$(cd "$(dirname "$0")" && pwd -P)
apps="${XDG_DATA_HOME:-$HOME/.local/share}/applications"
entry="$apps/courier.desktop"

if [ "${1:-}" = "--remove" ]; then
    rm -f "$entry"
    echo "Courier is no longer in the applications menu."
    exit 0
fi
if [ ! -x "$here/Courier" ] || [ ! -f "$here/courier.desktop" ]; then
    echo "Run this script from the Courier folder (the one with the Courier program in it)." >&2
    exit 1
fi

# In a desktop entry every value doubles its backslashes; Exec= also quotes the path and puts a
# backslash before " ` $ and \ (the Desktop Entry Specification's rules).
exec_path=$(printf '%s' "$here/Courier" | sed -e 's/[\\"`$]/\\&/g' -e 's/\\/\\\\/g')
plain() { printf '%s' "$1" | sed -e 's/\\/\\\\/g'; }
mkdir -p "$apps"
COURIER_EXEC="\"$exec_path\"" COURIER_TRYEXEC=$(plain "$here/Courier") COURIER_ICON=$(plain "$here/courier.png") \
    awk '/^Exec=/ { print "Exec=" ENVIRON["COURIER_EXEC"]; next }
         /^TryExec=/ { print "TryExec=" ENVIRON["COURIER_TRYEXEC"]; next }
         /^Icon=/ { print "Icon=" ENVIRON["COURIER_ICON"]; next }
         { print }' "$here/courier.desktop" > "$entry.tmp"
mv "$entry.tmp" "$entry"
chmod 755 "$entry"
if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database "$apps" >/dev/null 2>&1 || true
fi
echo "Courier is now in your applications menu, under Games."
