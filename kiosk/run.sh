# Sourced by install.sh and launch.sh (installed beside launch.sh): `run CMD ARGS…` runs a system command, or, when
# DRY_RUN=1, prints it as `+ CMD ARGS…` (shell-quoted) and runs nothing.
run() {
  if [ "${DRY_RUN:-0}" = 1 ]; then
    printf '+'
    printf ' %q' "$@"
    printf '\n'
  else
    "$@"
  fi
}
