#!/usr/bin/env bash
# Sets up a Debian or Ubuntu machine as a Wharf dock station (kiosk/README.md):
#   install.sh [--user NAME] [--no-packages] [--allow-http] [--touch-output NAME] [--printing]
#              [--dry-run --root DIR] https://wharf.example.local[:port]
# - Chromium (Debian: the chromium package; Ubuntu: the chromium snap) and the CJK font (fonts-wqy-microhei);
# - the managed browser policy with the server's address filled in (Debian /etc/chromium/policies/managed, Ubuntu's
#   snap /etc/chromium-browser/policies/managed);
# - a station user (default wharf-kiosk) whose desktop session starts launch.sh (XDG autostart), logged in
#   automatically (GDM: /etc/gdm3/daemon.conf on Debian, /etc/gdm3/custom.conf on Ubuntu; LightDM: a drop-in);
# - GNOME settings, locked in the dconf system database: no blanking, no screen lock, no sleep, no notifications, no
#   system on-screen keyboard or input method over the station's own keyboard;
# - the signed-documents folder, owned by the station user: the only place downloads go.
# --dry-run --root DIR writes every file under DIR instead of / and runs no system command (it prints them, "+ …");
# the distribution is read from DIR/etc/os-release (else the machine's). WHARF_KIOSK_ROOT=DIR is the same.
# Run as root otherwise.
set -euo pipefail

usage() {
  echo "usage: install.sh [--user NAME] [--no-packages] [--allow-http] [--touch-output NAME] [--printing]" >&2
  echo "                  [--dry-run --root DIR] <server address, e.g. https://wharf.example.local>" >&2
  exit 2
}

STATION_USER=wharf-kiosk
PACKAGES=1
ALLOW_HTTP=0
ADDRESS=
TOUCH_OUTPUT=
PRINTING=0
ROOT="${WHARF_KIOSK_ROOT:-}"
DRY_RUN=0
[ -z "$ROOT" ] || DRY_RUN=1
while [ $# -gt 0 ]; do
  case "$1" in
    --user) STATION_USER="${2:-}"; [ -n "$STATION_USER" ] || usage; shift 2 ;;
    --no-packages) PACKAGES=0; shift ;;
    --allow-http) ALLOW_HTTP=1; shift ;;
    --touch-output) TOUCH_OUTPUT="${2:-}"; [ -n "$TOUCH_OUTPUT" ] || usage; shift 2 ;;
    --printing) PRINTING=1; shift ;;
    --dry-run) DRY_RUN=1; shift ;;
    --root) ROOT="${2:-}"; [ -n "$ROOT" ] || usage; shift 2 ;;
    -h|--help) usage ;;
    -*) echo "install.sh: unknown option $1" >&2; usage ;;
    *) [ -z "$ADDRESS" ] || usage; ADDRESS="$1"; shift ;;
  esac
done
[ -n "$ADDRESS" ] || usage

# The origin (scheme, host, port) is all the policy allows; a path or query given with it is dropped.
if [[ ! "$ADDRESS" =~ ^(https?)://([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:[0-9]{1,5})?(/.*)?$ ]]; then
  echo "install.sh: '$ADDRESS' is not an http(s) address such as https://wharf.example.local:8080" >&2
  exit 2
fi
ORIGIN="${BASH_REMATCH[1]}://${BASH_REMATCH[2]}${BASH_REMATCH[3]}"
# Plain http:// to another machine carries the station key, sessions and the drivers' signatures unencrypted, and the
# browser treats the page as insecure (kiosk/README.md "HTTPS"): refused unless asked for explicitly, and then loudly.
HOST="${BASH_REMATCH[2]}"
if [ "${BASH_REMATCH[1]}" = http ] && [ "$HOST" != localhost ] && [ "$HOST" != 127.0.0.1 ] && [ "$HOST" != '[::1]' ]; then
  if [ "$ALLOW_HTTP" != 1 ]; then
    echo "install.sh: '$ADDRESS' is plain HTTP to another machine: the station key, sessions and drivers' signatures" >&2
    echo "  would travel unencrypted. Serve Wharf over HTTPS (kiosk/README.md \"HTTPS\"), or pass --allow-http" >&2
    echo "  to install anyway on a network you trust." >&2
    exit 2
  fi
  echo "install.sh: WARNING: $ORIGIN is plain HTTP: the station key, sessions and drivers' signatures travel" >&2
  echo "install.sh: WARNING: unencrypted on the network. Serve Wharf over HTTPS (kiosk/README.md \"HTTPS\")." >&2
fi
if [[ ! "$STATION_USER" =~ ^[a-z_][a-z0-9_-]{0,31}$ ]]; then
  echo "install.sh: '$STATION_USER' is not a valid user name" >&2
  exit 2
fi
# An output name as xrandr or GNOME's display settings show it (HDMI-1, DP-2, eDP-1); it goes into a shell file.
if [ -n "$TOUCH_OUTPUT" ] && [[ ! "$TOUCH_OUTPUT" =~ ^[A-Za-z0-9._-]{1,32}$ ]]; then
  echo "install.sh: '$TOUCH_OUTPUT' is not an output name such as HDMI-1" >&2
  exit 2
fi
if [ "$DRY_RUN" = 1 ]; then
  if [ -z "$ROOT" ] || [ ! -d "$ROOT" ]; then
    echo "install.sh: --dry-run needs --root DIR, an existing directory to write the files into" >&2
    exit 2
  fi
  ROOT="$(cd "$ROOT" && pwd)"
elif [ -n "$ROOT" ]; then
  echo "install.sh: --root is for --dry-run (files under a directory, no system command run)" >&2
  exit 2
elif [ "$(id -u)" -ne 0 ]; then
  echo "install.sh: run as root (sudo)" >&2
  exit 1
fi
HERE="$(cd "$(dirname "$0")" && pwd)"

# A system command: run, or printed in a dry run.
# shellcheck source=run.sh
. "$HERE/run.sh"

# The distribution decides the browser package, the policy folder and GDM's file.
OS_RELEASE="$ROOT/etc/os-release"
[ -f "$OS_RELEASE" ] || OS_RELEASE=/etc/os-release
os_field() { sed -n -E "s/^$1=\"?([^\"]*)\"?\$/\\1/p" "$OS_RELEASE" | head -n 1; }
OS_ID="$(os_field ID)"
OS_LIKE="$(os_field ID_LIKE)"
OS_NAME="$(os_field PRETTY_NAME)"
if [ "$OS_ID" = ubuntu ] || [[ " $OS_LIKE " == *" ubuntu "* ]]; then
  DISTRO=ubuntu
elif [ "$OS_ID" = debian ] || [[ " $OS_LIKE " == *" debian "* ]]; then
  DISTRO=debian
else
  echo "install.sh: ${OS_NAME:-this system} is neither Debian nor Ubuntu (from $OS_RELEASE); see kiosk/README.md" >&2
  exit 1
fi
echo "Setting up a dock station on ${OS_NAME:-$DISTRO} ($DISTRO)."

if [ "$DISTRO" = ubuntu ]; then
  # Ubuntu ships Chromium only as a snap (its chromium-browser deb installs the snap). The snap reads managed policies
  # from /etc/chromium-browser/policies (its system-files interface), writes only under ~/snap/chromium and non-hidden
  # folders of the home, and needs removable-media to open a PDF from a USB stick.
  CHROMIUM=/snap/bin/chromium
  POLICY_DIR=/etc/chromium-browser/policies/managed
  GDM_CONF=/etc/gdm3/custom.conf
  APT_PACKAGES=(fonts-wqy-microhei x11-xserver-utils xinput dconf-cli)
else
  CHROMIUM=/usr/bin/chromium
  POLICY_DIR=/etc/chromium/policies/managed
  GDM_CONF=/etc/gdm3/daemon.conf
  APT_PACKAGES=(chromium fonts-wqy-microhei x11-xserver-utils xinput dconf-cli)
fi

if [ "$PACKAGES" = 1 ]; then
  [ "$DRY_RUN" = 1 ] || export DEBIAN_FRONTEND=noninteractive
  run apt-get update -qq
  run apt-get install -y -qq "${APT_PACKAGES[@]}"
  if [ "$DISTRO" = ubuntu ]; then
    run snap install chromium
    run snap connect chromium:removable-media
  fi
fi

HOME_DIR="/home/$STATION_USER"
if [ "$DRY_RUN" = 1 ]; then
  run adduser --disabled-password --gecos 'Wharf dock station' "$STATION_USER"
else
  if ! id "$STATION_USER" >/dev/null 2>&1; then
    adduser --disabled-password --gecos 'Wharf dock station' "$STATION_USER" >/dev/null
  fi
  HOME_DIR="$(getent passwd "$STATION_USER" | cut -d: -f6)"
fi
DOWNLOADS="$HOME_DIR/signed-documents"
if [ "$DISTRO" = ubuntu ]; then PROFILE="$HOME_DIR/snap/chromium/common/wharf-kiosk"; else PROFILE="$HOME_DIR/.wharf-kiosk"; fi

# Launcher, beside its settings (the station user runs it; root owns it, so it cannot be changed there).
install -d "$ROOT/opt/wharf-kiosk"
install -m 0755 "$HERE/launch.sh" "$ROOT/opt/wharf-kiosk/launch.sh"
install -m 0644 "$HERE/run.sh" "$ROOT/opt/wharf-kiosk/run.sh"
printf 'WHARF_KIOSK_URL=%s/kiosk\n' "$ORIGIN" >"$ROOT/opt/wharf-kiosk/station.env"
{
  echo "# How this station runs the browser (install.sh; read by launch.sh)."
  printf 'CHROMIUM=%q\n' "$CHROMIUM"
  printf 'WHARF_KIOSK_PROFILE=%q\n' "$PROFILE"
  printf 'WHARF_DOWNLOADS=%q\n' "$DOWNLOADS"
  printf 'WHARF_TOUCH_OUTPUT=%q\n' "$TOUCH_OUTPUT"
  printf 'WHARF_PRINTING=%s\n' "$PRINTING"
} >"$ROOT/opt/wharf-kiosk/launch.conf"

# The managed policy: the placeholders of policy.json take the origin and the station's download folder; printing
# stays off unless asked for (the station's screens print nothing).
install -d "$ROOT$POLICY_DIR"
PRINTING_JSON=false
[ "$PRINTING" = 0 ] || PRINTING_JSON=true
sed -e "s#WHARF_ORIGIN#${ORIGIN}#g" -e "s#WHARF_DOWNLOADS#${DOWNLOADS}#g" \
  -e "s#\"PrintingEnabled\": false#\"PrintingEnabled\": ${PRINTING_JSON}#" "$HERE/policy.json" \
  >"$ROOT$POLICY_DIR/wharf.json"
chmod 0644 "$ROOT$POLICY_DIR/wharf.json"

# The station user's session starts the launcher; GNOME's first-login welcome never shows.
install -d "$ROOT$HOME_DIR/.config/autostart"
cat >"$ROOT$HOME_DIR/.config/autostart/wharf-kiosk.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=Wharf dock station
Exec=/opt/wharf-kiosk/launch.sh
X-GNOME-Autostart-enabled=true
NoDisplay=true
DESKTOP
echo yes >"$ROOT$HOME_DIR/.config/gnome-initial-setup-done"
if [ "$DISTRO" = ubuntu ]; then
  # Ubuntu's update notifier opens a window of its own over the station: hidden for this user (XDG autostart).
  printf '[Desktop Entry]\nType=Application\nName=Update Notifier\nHidden=true\n' \
    >"$ROOT$HOME_DIR/.config/autostart/update-notifier.desktop"
fi
# The signed-documents folder: downloads land there, the file chooser opens there; only the station user writes it.
install -d -m 0750 "$ROOT$DOWNLOADS"
run chown -R "$STATION_USER:" "$HOME_DIR/.config" "$DOWNLOADS"

# set_ini FILE SECTION KEY=VALUE…: sets each key in SECTION of an ini file, replacing the key's line (commented out or
# not) where it is, else adding it at the end of the section (the section is added when missing); the rest is kept.
set_ini() {
  local file="$1" section="$2"
  shift 2
  local settings
  settings="$(printf '%s\n' "$@")"
  [ -f "$file" ] && [ ! -f "$file.wharf-orig" ] && cp -p "$file" "$file.wharf-orig"
  [ -f "$file" ] || : >"$file"
  awk -v section="[$section]" -v settings="$settings" '
    function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
    function flush(  i) { for (i = 1; i <= n; i++) if (!done[keys[i]]) { print line[keys[i]]; done[keys[i]] = 1 } }
    BEGIN {
      n = split(settings, kv, "\n")
      for (i = 1; i <= n; i++) { k = substr(kv[i], 1, index(kv[i], "=") - 1); keys[i] = k; line[k] = kv[i] }
    }
    /^[ \t]*\[/ { if (inside) flush(); inside = (trim($0) == section); if (inside) seen = 1; print; next }
    inside {
      s = trim($0); sub(/^#[ \t]*/, "", s)
      if (index(s, "=") > 0) {
        k = trim(substr(s, 1, index(s, "=") - 1))
        if (k in line) { if (!done[k]) { print line[k]; done[k] = 1 } next }
      }
    }
    { print }
    END { if (inside) flush(); if (!seen) { print section; flush() } }
  ' "$file" >"$file.wharf-new"
  cat "$file.wharf-new" >"$file"
  rm -f "$file.wharf-new"
}

# Automatic login of the station user into its desktop session.
if [ -d "$ROOT/etc/gdm3" ]; then
  set_ini "$ROOT$GDM_CONF" daemon AutomaticLoginEnable=true "AutomaticLogin=$STATION_USER"
  echo "GDM logs $STATION_USER in automatically ($GDM_CONF)."
elif [ -d "$ROOT/etc/lightdm" ]; then
  install -d "$ROOT/etc/lightdm/lightdm.conf.d"
  printf '[Seat:*]\nautologin-user=%s\nautologin-user-timeout=0\n' "$STATION_USER" \
    >"$ROOT/etc/lightdm/lightdm.conf.d/50-wharf-kiosk.conf"
  echo "LightDM logs $STATION_USER in automatically (/etc/lightdm/lightdm.conf.d/50-wharf-kiosk.conf)."
else
  echo "NOTE: no GDM or LightDM found: set your display manager to log $STATION_USER in automatically."
fi

# GNOME's settings for every session of this machine, locked so no session can change them (dconf system database
# "local"): the screen never blanks, locks or sleeps, no notification banner covers the page, no system on-screen
# keyboard or input method (pinyin) competes with the station's own keyboard or eats the scanner's keystrokes.
install -d "$ROOT/etc/dconf/profile" "$ROOT/etc/dconf/db/local.d/locks"
DCONF_PROFILE="$ROOT/etc/dconf/profile/user"
if [ ! -f "$DCONF_PROFILE" ]; then
  printf 'user-db:user\nsystem-db:local\n' >"$DCONF_PROFILE"
elif ! grep -qx 'system-db:local' "$DCONF_PROFILE"; then
  echo 'system-db:local' >>"$DCONF_PROFILE"
fi
cat >"$ROOT/etc/dconf/db/local.d/50-wharf-kiosk" <<'DCONF'
# Wharf dock station (kiosk/install.sh): always on, nothing over the page.
[org/gnome/desktop/session]
idle-delay=uint32 0

[org/gnome/desktop/screensaver]
lock-enabled=false
idle-activation-enabled=false

[org/gnome/desktop/lockdown]
disable-lock-screen=true
disable-user-switching=true
disable-command-line=true

[org/gnome/settings-daemon/plugins/power]
sleep-inactive-ac-type='nothing'
sleep-inactive-battery-type='nothing'
idle-dim=false

[org/gnome/desktop/notifications]
show-banners=false
show-in-lock-screen=false

[org/gnome/desktop/a11y/applications]
screen-keyboard-enabled=false

[org/gnome/desktop/input-sources]
sources=[('xkb', 'us')]
mru-sources=[('xkb', 'us')]

[org/gtk/settings/file-chooser]
startup-mode='cwd'
DCONF
cat >"$ROOT/etc/dconf/db/local.d/locks/50-wharf-kiosk" <<'LOCKS'
/org/gnome/desktop/session/idle-delay
/org/gnome/desktop/screensaver/lock-enabled
/org/gnome/desktop/screensaver/idle-activation-enabled
/org/gnome/desktop/lockdown/disable-lock-screen
/org/gnome/desktop/lockdown/disable-user-switching
/org/gnome/desktop/lockdown/disable-command-line
/org/gnome/settings-daemon/plugins/power/sleep-inactive-ac-type
/org/gnome/settings-daemon/plugins/power/sleep-inactive-battery-type
/org/gnome/settings-daemon/plugins/power/idle-dim
/org/gnome/desktop/notifications/show-banners
/org/gnome/desktop/notifications/show-in-lock-screen
/org/gnome/desktop/a11y/applications/screen-keyboard-enabled
/org/gnome/desktop/input-sources/sources
/org/gnome/desktop/input-sources/mru-sources
/org/gtk/settings/file-chooser/startup-mode
LOCKS
run dconf update

echo "Dock station set up for $ORIGIN (user $STATION_USER)."
echo "Reboot: the station logs $STATION_USER in, opens $ORIGIN/kiosk and shows a code;"
echo "enter that code under 月台终端 / Dock stations → Bind in the console."
