#!/usr/bin/env bash
# Starts a Wharf dock station: Chromium full screen on the kiosk address, with the station's own profile (it keeps
# the station key), restarted if it ever exits so the station never falls back to the desktop.
#   launch.sh [--dry-run] [https://wharf-server/kiosk]   (default: WHARF_KIOSK_URL from /opt/wharf-kiosk/station.env)
# /opt/wharf-kiosk/launch.conf (written by install.sh) says how this machine runs the browser: CHROMIUM (Debian's
# /usr/bin/chromium or Ubuntu's snap), WHARF_KIOSK_PROFILE, WHARF_DOWNLOADS, WHARF_TOUCH_OUTPUT, WHARF_PRINTING.
# --dry-run prints what it would run (blanking, touch mapping, the browser's command line) once, and runs nothing.
set -euo pipefail
DRY_RUN=0
if [ "${1:-}" = --dry-run ]; then
  DRY_RUN=1
  shift
fi
ENV_FILE="${WHARF_KIOSK_ENV:-/opt/wharf-kiosk/station.env}"
CONF_FILE="${WHARF_KIOSK_CONF:-/opt/wharf-kiosk/launch.conf}"
# shellcheck disable=SC1090
[ -f "$ENV_FILE" ] && . "$ENV_FILE"
# shellcheck disable=SC1090
[ -f "$CONF_FILE" ] && . "$CONF_FILE"
URL="${1:-${WHARF_KIOSK_URL:-}}"
[ -n "$URL" ] || { echo "usage: launch.sh [--dry-run] https://wharf-server/kiosk" >&2; exit 2; }
CHROMIUM="${CHROMIUM:-chromium}"
PROFILE="${WHARF_KIOSK_PROFILE:-$HOME/.wharf-kiosk}"
DOWNLOADS="${WHARF_DOWNLOADS:-$HOME/signed-documents}"
TOUCH_OUTPUT="${WHARF_TOUCH_OUTPUT:-}"
SYSFS="${WHARF_SYSFS:-/sys}"

# shellcheck source=run.sh
. "$(dirname "$0")/run.sh"

# The touch screens: input devices the kernel marks INPUT_PROP_DIRECT (property 1, so bit 1 of the properties bitmap,
# "2" in sysfs: the device's surface is the screen, unlike a touchpad's). Prints "name<TAB>vendor:product" for each.
touch_screens() {
  local dev props
  for dev in "$SYSFS"/class/input/event*/device; do
    [ -r "$dev/properties" ] || continue
    props="$(cat "$dev/properties")"
    [[ "$props" =~ ^[0-9a-fA-F]+$ ]] && (((16#$props & 2) == 2)) || continue
    printf '%s\t%s:%s\n' "$(cat "$dev/name")" "$(cat "$dev/id/vendor")" "$(cat "$dev/id/product")"
  done
}

# Pins the touch screen to the output named in WHARF_TOUCH_OUTPUT (with two screens, or a touch panel that is not the
# only display, touches otherwise land on the wrong screen or stretched over both).
map_touch() {
  [ -n "$TOUCH_OUTPUT" ] || return 0
  local name id monitor
  if [ "${XDG_SESSION_TYPE:-}" = wayland ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
    # GNOME on Wayland: mutter maps a touch screen to the monitor named by its EDID (vendor, product, serial) in
    # org.gnome.desktop.peripherals.touchscreen at .../touchscreens/VID:PID/. The connector's EDID names come from
    # mutter itself (DisplayConfig.GetCurrentState lists each monitor as (connector, vendor, product, serial)).
    if [ "$DRY_RUN" = 1 ]; then
      monitor="<vendor, product, serial of $TOUCH_OUTPUT from org.gnome.Mutter.DisplayConfig.GetCurrentState>"
    else
      command -v gdbus >/dev/null 2>&1 || return 0
      monitor="$(gdbus call --session --dest org.gnome.Mutter.DisplayConfig --object-path /org/gnome/Mutter/DisplayConfig \
        --method org.gnome.Mutter.DisplayConfig.GetCurrentState 2>/dev/null \
        | grep -o "('$TOUCH_OUTPUT', '[^']*', '[^']*', '[^']*')" | head -n 1 \
        | sed -E "s/^\('[^']*', ('[^']*'), ('[^']*'), ('[^']*')\)$/[\1, \2, \3]/")" || true
      if [ -z "$monitor" ]; then
        echo "launch.sh: no monitor on output $TOUCH_OUTPUT; touch left to GNOME's automatic mapping" >&2
        return 0
      fi
    fi
    while IFS=$'\t' read -r name id; do
      run gsettings set "org.gnome.desktop.peripherals.touchscreen:/org/gnome/desktop/peripherals/touchscreens/$id/" \
        output "$monitor" || true
    done < <(touch_screens)
  elif [ -n "${DISPLAY:-}" ]; then
    while IFS=$'\t' read -r name id; do
      run xinput map-to-output "pointer:$name" "$TOUCH_OUTPUT" 2>/dev/null || true
    done < <(touch_screens)
  fi
}

run mkdir -p "$PROFILE"

# No screen saver or power-off: the station is always ready to scan. On GNOME (X11 or Wayland) the system settings
# written by install.sh (dconf, locked) do it; xset covers other X11 desktops.
if [ -n "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && { [ "$DRY_RUN" = 1 ] || command -v xset >/dev/null 2>&1; }; then
  run xset s off -dpms s noblank 2>/dev/null || true
fi
map_touch

# The file chooser of "Sign a document" starts in the signed-documents folder (GTK's file chooser opens in the
# browser's working directory: org.gtk.Settings.FileChooser startup-mode 'cwd', set by install.sh).
if [ "$DRY_RUN" = 1 ] || [ -d "$DOWNLOADS" ]; then run cd "$DOWNLOADS"; fi

# No system input method in the browser: the station's own on-screen keyboard types Chinese and Latin, and a system
# IME (IBus pinyin) would swallow the wedge scanner's keystrokes or pop GNOME's on-screen keyboard over the page.
# On X11 GTK's simple input context replaces IBus; on Wayland the browser is not given --enable-wayland-ime.
export GTK_IM_MODULE=gtk-im-context-simple

FLAGS=(
  --kiosk --no-first-run --no-default-browser-check --noerrdialogs --hide-crash-restore-bubble --disable-infobars
  --disable-background-networking --disable-component-update --disable-sync --disable-default-apps
  --disable-extensions --deny-permission-prompts
  --disable-features=OverscrollHistoryNavigation --overscroll-history-navigation=0 --disable-pinch
  --touch-events=enabled --check-for-update-interval=31536000 --password-store=basic
  --user-data-dir="$PROFILE"
)
# Printing (install.sh --printing): straight to the default printer, no preview dialog (whose "Save as PDF" would
# write files outside the signed-documents folder).
if [ "${WHARF_PRINTING:-0}" = 1 ]; then FLAGS+=(--kiosk-printing); fi

if [ "$DRY_RUN" = 1 ]; then
  run "$CHROMIUM" "${FLAGS[@]}" "$URL"
  exit 0
fi
while true; do
  # A crash or a power cut leaves no "restore pages?" bubble.
  sed -i 's/"exited_cleanly":false/"exited_cleanly":true/; s/"exit_type":"[^"]*"/"exit_type":"Normal"/' \
    "$PROFILE/Default/Preferences" 2>/dev/null || true
  "$CHROMIUM" "${FLAGS[@]}" "$URL" || true
  sleep 2
done
