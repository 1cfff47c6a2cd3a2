# Shared by the kernel-sim host steps (sourced after scripts/lib.sh, which sets ROOT and PATH).
# Everything cached lives under $KSIM_CACHE (default .build/kernel-sim, .build/kernel-sim-arm64 for
# arm64): a clean clone starts fresh, a second local run reuses the kernel, the modules and the build.
KSIM_DIR="$ROOT/Tests/KernelSim"
KSIM_ARCH=${KSIM_ARCH:-x86-64}
if [ "$KSIM_ARCH" = x86-64 ]; then KSIM_CACHE=${ROAM_KERNEL_SIM_CACHE:-$ROOT/.build/kernel-sim}
else KSIM_CACHE=${ROAM_KERNEL_SIM_CACHE:-$ROOT/.build/kernel-sim}-$KSIM_ARCH; fi
export LC_ALL=C

# Lines the Swift test reads: "<VERDICT> <scenario>: <text>". The host speaks as scenario "host".
ksim_pass() { echo "PASS host: $*"; }
ksim_fail() { echo "FAIL host: $*"; }
ksim_info() { echo "INFO host: $*"; }
ksim_log() { echo "kernel-sim: $*" >&2; }

# A missing prerequisite: say what, then exit 77 so the test can skip naming it.
ksim_cannot_run() { echo "SKIP host: cannot run the kernel simulation: $*"; exit 77; }

ksim_now() { date +%s.%N; }
ksim_secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

# Installs what is missing, without recommends (qemu-system-x86 would otherwise pull in a desktop).
ksim_apt_install() {
    local missing=()
    for p in "$@"; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p"); done
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
    ksim_log "installing Debian packages: ${missing[*]}"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Names the packages of "$@" that are not installed (empty when all are).
ksim_missing_packages() {
    local p
    for p in "$@"; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || printf '%s ' "$p"; done
}
