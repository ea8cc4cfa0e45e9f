#!/usr/bin/env bash
# Starts a Wharf dock station: Chromium full screen on the given console address, own profile.
set -euo pipefail
URL="${1:?usage: launch.sh https://wharf-server/}"
PROFILE="${WHARF_KIOSK_PROFILE:-$HOME/.wharf-kiosk}"
mkdir -p "$PROFILE"
exec chromium --kiosk --no-first-run --disable-background-networking --disable-component-update \
  --disable-sync --disable-translate --noerrdialogs --disable-pinch --overscroll-history-navigation=0 \
  --user-data-dir="$PROFILE" "$URL"
