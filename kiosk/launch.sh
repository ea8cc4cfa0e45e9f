#!/usr/bin/env bash
# Starts a Wharf dock station: Chromium full screen on the kiosk address, with the station's own profile (it keeps
# the station key), restarted if it ever exits so the station never falls back to the desktop.
#   launch.sh [https://wharf-server/kiosk]   (default: WHARF_KIOSK_URL from /opt/wharf-kiosk/station.env)
set -euo pipefail
ENV_FILE="${WHARF_KIOSK_ENV:-/opt/wharf-kiosk/station.env}"
# shellcheck disable=SC1090
[ -f "$ENV_FILE" ] && . "$ENV_FILE"
URL="${1:-${WHARF_KIOSK_URL:-}}"
[ -n "$URL" ] || { echo "usage: launch.sh https://wharf-server/kiosk" >&2; exit 2; }
PROFILE="${WHARF_KIOSK_PROFILE:-$HOME/.wharf-kiosk}"
mkdir -p "$PROFILE"

# No screen saver or power-off: the station is always ready to scan.
if command -v xset >/dev/null 2>&1 && [ -n "${DISPLAY:-}" ]; then
  xset s off -dpms s noblank 2>/dev/null || true
fi

while true; do
  # A crash or a power cut leaves no "restore pages?" bubble.
  sed -i 's/"exited_cleanly":false/"exited_cleanly":true/; s/"exit_type":"[^"]*"/"exit_type":"Normal"/' \
    "$PROFILE/Default/Preferences" 2>/dev/null || true
  chromium --kiosk --no-first-run --noerrdialogs --disable-session-crashed-bubble --disable-infobars \
    --disable-background-networking --disable-component-update --disable-sync --disable-translate \
    --disable-features=TranslateUI,OverscrollHistoryNavigation --overscroll-history-navigation=0 --disable-pinch \
    --touch-events=enabled --check-for-update-interval=31536000 --password-store=basic \
    --user-data-dir="$PROFILE" "$URL" || true
  sleep 2
done
