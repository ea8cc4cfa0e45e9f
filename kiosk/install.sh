#!/usr/bin/env bash
# Sets up a Debian machine as a Wharf dock station (kiosk/README.md):
#   install.sh [--user NAME] [--no-packages] [--allow-http] https://wharf.example.local[:port]
# - Debian's Chromium and the CJK font (fonts-wqy-microhei);
# - the managed browser policy (/etc/chromium/policies/managed/wharf.json) with the server's address filled in;
# - a station user (default wharf-kiosk) whose desktop session starts launch.sh (XDG autostart);
# - the signed-documents folder, the only place downloads go.
# Run as root. WHARF_KIOSK_ROOT=/some/dir installs every file under that directory instead of / (for checking the
# result without touching the machine; no packages, no user created, file owners left alone).
set -euo pipefail

usage() {
  echo "usage: install.sh [--user NAME] [--no-packages] [--allow-http] <server address, e.g. https://wharf.example.local>" >&2
  exit 2
}

STATION_USER=wharf-kiosk
PACKAGES=1
ALLOW_HTTP=0
ADDRESS=
while [ $# -gt 0 ]; do
  case "$1" in
    --user) STATION_USER="${2:-}"; [ -n "$STATION_USER" ] || usage; shift 2 ;;
    --no-packages) PACKAGES=0; shift ;;
    --allow-http) ALLOW_HTTP=1; shift ;;
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

ROOT="${WHARF_KIOSK_ROOT:-}"
HERE="$(cd "$(dirname "$0")" && pwd)"
if [ -z "$ROOT" ] && [ "$(id -u)" -ne 0 ]; then
  echo "install.sh: run as root (sudo)" >&2
  exit 1
fi

if [ -z "$ROOT" ] && [ "$PACKAGES" = 1 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium fonts-wqy-microhei x11-xserver-utils >/dev/null
fi

if [ -z "$ROOT" ]; then
  if ! id "$STATION_USER" >/dev/null 2>&1; then
    adduser --disabled-password --gecos 'Wharf dock station' "$STATION_USER" >/dev/null
  fi
  HOME_DIR="$(getent passwd "$STATION_USER" | cut -d: -f6)"
else
  HOME_DIR="$ROOT/home/$STATION_USER"
fi

# Launcher, beside its policy template (the station user runs it; root owns it, so it cannot be changed there).
install -d "$ROOT/opt/wharf-kiosk"
install -m 0755 "$HERE/launch.sh" "$ROOT/opt/wharf-kiosk/launch.sh"
printf 'WHARF_KIOSK_URL=%s/kiosk\n' "$ORIGIN" >"$ROOT/opt/wharf-kiosk/station.env"

# The managed policy: the placeholders of policy.json take the origin and the station's download folder.
install -d "$ROOT/etc/chromium/policies/managed"
DOWNLOADS="$HOME_DIR/signed-documents"
[ -z "$ROOT" ] || DOWNLOADS="/home/$STATION_USER/signed-documents"
sed -e "s#WHARF_ORIGIN#${ORIGIN}#g" -e "s#WHARF_DOWNLOADS#${DOWNLOADS}#g" "$HERE/policy.json" \
  >"$ROOT/etc/chromium/policies/managed/wharf.json"
chmod 0644 "$ROOT/etc/chromium/policies/managed/wharf.json"

# The station user's session starts the launcher.
install -d "$HOME_DIR/.config/autostart" "$HOME_DIR/signed-documents"
cat >"$HOME_DIR/.config/autostart/wharf-kiosk.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=Wharf dock station
Exec=/opt/wharf-kiosk/launch.sh
X-GNOME-Autostart-enabled=true
NoDisplay=true
DESKTOP
if [ -z "$ROOT" ]; then
  chown -R "$STATION_USER:" "$HOME_DIR/.config" "$HOME_DIR/signed-documents"
fi

echo "Dock station set up for $ORIGIN (user $STATION_USER)."
echo "Log in as $STATION_USER (or enable automatic login for it): the station opens $ORIGIN/kiosk and shows a code;"
echo "enter that code under 月台终端 / Dock stations → Bind in the console."
