#!/bin/sh
# Installs SearchLab from this folder for the user who runs it, in ~/.local: the command
# `searchlab`, a menu entry with the icon, and run files opened by the app on a
# double-click. `./install.sh --remove` takes it all away again. No administrator rights
# are needed; ~/.local/bin must be on PATH for the command (most desktops put it there).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
bin=$HOME/.local/bin
if [ "${1:-}" = "--remove" ]; then
  rm -f "$bin/searchlab" "$data/applications/searchlab.desktop" \
    "$data/icons/hicolor/256x256/apps/searchlab.png" "$data/mime/packages/searchlab.xml"
  echo "SearchLab removed."
else
  mkdir -p "$bin" "$data/applications" "$data/icons/hicolor/256x256/apps" "$data/mime/packages"
  # Through a new file, so that a copy of SearchLab still running keeps its own.
  cp "$here/searchlab" "$bin/searchlab.new" && mv -f "$bin/searchlab.new" "$bin/searchlab"
  # The menu entry names the program by its full path: ~/.local/bin may not be on PATH
  # until the next login.
  sed -e "s|^Exec=searchlab |Exec=\"$bin/searchlab\" |" -e "s|^TryExec=.*|TryExec=$bin/searchlab|" \
    "$here/searchlab.desktop" > "$data/applications/searchlab.desktop"
  cp "$here/searchlab.png" "$data/icons/hicolor/256x256/apps/"
  cp "$here/searchlab.xml" "$data/mime/packages/"
  echo "SearchLab installed: \`searchlab\` in $bin, and SearchLab in the applications menu."
fi
# The desktop learns of the file type and the menu entry (where these tools exist).
command -v update-mime-database >/dev/null && update-mime-database "$data/mime" || true
command -v update-desktop-database >/dev/null && update-desktop-database "$data/applications" || true
