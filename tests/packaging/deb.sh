#!/usr/bin/env bash
# ctest packaging.deb (issue 22, "Packaging that installs"): builds the .deb with CPack in a scratch folder,
# fails on any lintian error, checks the declared dependencies, verifies the installed systemd unit with
# systemd-analyze, then unpacks the package into a scratch root (dpkg -x) and starts the installed binary
# headless from there: /v1/health must answer 200 and SIGTERM must end it with exit code 0.
# Exit 77 (ctest SKIP_RETURN_CODE) when a tool is missing; scripts/common.sh installs them all.
# Usage: deb.sh CPACK BUILD_DIR ADES_BINARY
set -euo pipefail

if [ $# -ne 3 ]; then
    echo "usage: deb.sh CPACK BUILD_DIR ADES_BINARY" >&2
    exit 2
fi
cpack="$1"
build_dir="$2"
ades_bin="$3"

for tool in dpkg-deb dpkg-shlibdeps file lintian systemd-analyze readelf; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "SKIP: packaging.deb needs $tool (Debian packages dpkg-dev, file, lintian, systemd, binutils)"
        exit 77
    fi
done
if [ ! -x "$ades_bin" ] || [ ! -f "$build_dir/CPackConfig.cmake" ]; then
    echo "FAIL: build the ades target first ($ades_bin) in a configured build folder ($build_dir)" >&2
    exit 1
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/ades-deb.XXXXXX")"
server_pid=""
cleanup() {
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill -KILL "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT
fail() {
    echo "FAIL: $*" >&2
    exit 1
}
started=$SECONDS
step() { echo "[$((SECONDS - started)) s] $*"; }

# 1. The package, built the way a maintainer builds it, under the strictest umask: what it installs must still
#    be readable by everyone (directories 0755, files 0644, the program 0755).
step "umask 077; cpack -G DEB --config $build_dir/CPackConfig.cmake -B $work/cpack"
if ! (umask 077 && "$cpack" -G DEB --config "$build_dir/CPackConfig.cmake" -B "$work/cpack") \
    >"$work/cpack.log" 2>&1; then
    cat "$work/cpack.log" >&2
    fail "cpack could not build the package"
fi
debs=("$work"/cpack/ades_*.deb)
if [ ${#debs[@]} -ne 1 ] || [ ! -f "${debs[0]}" ]; then
    fail "expected one ades_*.deb in $work/cpack, found: ${debs[*]}"
fi
deb="${debs[0]}"
step "built $(basename "$deb") ($(($(stat -c %s "$deb") / 1024)) KiB)"

bad_modes="$(dpkg-deb -c "$deb" | awk '{
    want = ($1 ~ /^d/ || $6 == "./usr/bin/ades") ? "rwxr-xr-x" : "rw-r--r--"
    if (substr($1, 2) != want || $2 != "root/root" || $1 !~ /^[-d]/) print }')"
[ -z "$bad_modes" ] || fail "entries with other modes or owners than root 0755/0644: $bad_modes"

# 2. What it declares: the shared libraries (dpkg-shlibdeps), the SQLite driver plugin shlibdeps cannot see,
#    and the runtime data that OCR and HTTPS need.
field() { dpkg-deb -f "$deb" "$1"; }
depends="$(field Depends)"
recommends="$(field Recommends)"
for p in libqt6sql6-sqlite libqt6core6 libqt6network6 libqt6sql6 libqt6httpserver6 libtesseract5 libssl3; do
    grep -Eq "(^|, )$p( |,|$)" <<<"$depends" || fail "Depends lacks $p: $depends"
done
for p in tesseract-ocr-eng tesseract-ocr-deu ca-certificates; do
    grep -Eq "(^|, )$p( |,|$)" <<<"$recommends" || fail "Recommends lacks $p: $recommends"
done
grep -Eq "(^|, )libqt6sql6-psql( |,|$)" <<<"$(field Suggests)" || fail "Suggests lacks libqt6sql6-psql"
[ -n "$(field Maintainer)" ] || fail "no Maintainer field"

# 3. lintian: any error fails; warnings are printed (docs/deployment.md lists the ones that remain).
step "lintian --tag-display-limit 0 $(basename "$deb")"
lintian_rc=0
lintian --tag-display-limit 0 "$deb" >"$work/lintian.log" 2>&1 || lintian_rc=$?
grep -v "running with root privileges is not recommended" "$work/lintian.log" || true
if grep -q '^E: ' "$work/lintian.log"; then
    fail "lintian reports errors"
fi
[ "$lintian_rc" -eq 0 ] || fail "lintian exited $lintian_rc"

# 4. Unpacked into a scratch root, the way dpkg lays it out.
root="$work/root"
dpkg-deb -x "$deb" "$root"
installed="$root/usr/bin/ades"
unit="$root/usr/lib/systemd/system/ades.service"
for f in "$installed" "$unit" "$root/usr/share/doc/ades/copyright" "$root/usr/share/doc/ades/changelog.Debian.gz" \
    "$root/usr/share/man/man1/ades.1.gz" "$root/usr/share/applications/ades.desktop"; do
    [ -f "$f" ] || fail "the package lacks ${f#"$root"}"
done
icon="$(sed -n 's/^Icon=//p' "$root/usr/share/applications/ades.desktop")"
compgen -G "$root/usr/share/icons/hicolor/*/apps/$icon.*" >/dev/null ||
    fail "the desktop entry's Icon=$icon is not installed under /usr/share/icons/hicolor"
if readelf -d "$installed" | grep -Eq 'RPATH|RUNPATH'; then
    fail "the installed binary carries a library search path: $(readelf -d "$installed" | grep -E 'RPATH|RUNPATH')"
fi
if readelf -S "$installed" | grep -Eq '\.debug_info|\.symtab'; then
    fail "the installed binary is not stripped"
fi

# The manual page names every command `ades --help` prints (`ades keys create ...` -> a ".B keys create" entry).
"$installed" --help >"$work/help.txt"
commands="$(sed -n 's/^  ades \([a-z][a-z]*\)\( [a-z][a-z]*\)\{0,1\}.*/\1\2/p' "$work/help.txt" | sort -u)"
[ -n "$commands" ] || fail "ades --help lists no commands"
zcat "$root/usr/share/man/man1/ades.1.gz" >"$work/ades.1"
while IFS= read -r command; do
    grep -Eq "^\.B ${command}( |$)" "$work/ades.1" ||
        fail "ades(1) does not describe 'ades $command' (ades --help lists it)"
done <<<"$commands"

# 5. The unit, verified as installed: --root makes systemd-analyze resolve ExecStart= (/usr/bin/ades) and the
#    units it names inside the scratch root, so the root also gets a copy of this machine's system units
#    (sysinit.target, network-online.target, multi-user.target ...), minus any ades.service of its own.
#    systemd-analyze only warns (exit 0) on an unknown key or an ignored value: any output fails too.
host_units=/lib/systemd/system
[ -d "$host_units" ] || host_units=/usr/lib/systemd/system
mkdir -p "$root/lib/systemd/system"
cp -a "$host_units/." "$root/lib/systemd/system/"
rm -f "$root/lib/systemd/system/ades.service"
step "systemd-analyze verify --man=no --root=$root /usr/lib/systemd/system/ades.service"
verify_rc=0
systemd-analyze verify --man=no --root="$root" /usr/lib/systemd/system/ades.service >"$work/verify.log" 2>&1 ||
    verify_rc=$?
cat "$work/verify.log"
[ "$verify_rc" -eq 0 ] || fail "systemd-analyze verify exited $verify_rc"
[ ! -s "$work/verify.log" ] || fail "systemd-analyze verify had something to say about the unit"
grep -qx 'DynamicUser=yes' "$unit" || fail "the unit does not run under DynamicUser=yes"

# 6. The installed binary, headless, from the scratch root: no library path, plugin path or display of this
#    build leaks in, so Qt loads its plugins (the SQLite driver) from the system as on a real installation.
#    Run as root (CI), it runs as the unit runs it: as a user id with no passwd entry (DynamicUser= allocates
#    one in 61184-65519), no capabilities, no new privileges, HOME=/ and umask 077, its data folder its own.
mkdir -m 0700 "$work/data"
run_as=()
home="$work"
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1; then
    uid=65519
    while getent passwd "$uid" >/dev/null || getent group "$uid" >/dev/null; do
        uid=$((uid - 1))
    done
    chmod 0755 "$work"
    chown "$uid:$uid" "$work/data"
    run_as=(setpriv --reuid="$uid" --regid="$uid" --clear-groups --inh-caps=-all --bounding-set=-all --no-new-privs)
    home=/
    step "as user id $uid (no passwd entry, no capabilities, no new privileges)"
fi
step "$installed serve --listen 127.0.0.1:0 --data-dir $work/data"
(
    umask 077
    exec env -u LD_LIBRARY_PATH -u QT_PLUGIN_PATH -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM -u ADES_DATA_DIR \
        HOME="$home" "${run_as[@]}" "$installed" serve --listen 127.0.0.1:0 --data-dir "$work/data"
) >"$work/serve.out" 2>"$work/serve.err" &
server_pid=$!
port=""
for _ in $(seq 1 300); do
    port="$(sed -n 's|^ades: listening on http://127\.0\.0\.1:\([0-9]*\) .*|\1|p' "$work/serve.out")"
    [ -n "$port" ] && break
    if ! kill -0 "$server_pid" 2>/dev/null; then
        cat "$work/serve.out" "$work/serve.err" >&2
        fail "the installed ades exited before listening"
    fi
    sleep 0.1
done
if [ -z "$port" ]; then
    cat "$work/serve.out" "$work/serve.err" >&2
    fail "the installed ades did not listen within 30 s"
fi
[ "$(readlink -f "/proc/$server_pid/exe")" = "$(readlink -f "$installed")" ] ||
    fail "the process is not the installed binary: $(readlink -f "/proc/$server_pid/exe")"
if [ ${#run_as[@]} -gt 0 ]; then
    read -r _ real_uid _ <<<"$(grep '^Uid:' "/proc/$server_pid/status")"
    [ "$real_uid" = "$uid" ] || fail "the service runs as user id $real_uid, not $uid"
    [ "$(stat -c '%u %a' "$work/data/issuer.key")" = "$uid 600" ] ||
        fail "issuer.key is not the service user's, mode 0600: $(stat -c '%u %a' "$work/data/issuer.key")"
fi

# GET /v1/health over bash's /dev/tcp: no HTTP client needed.
exec 3<>"/dev/tcp/127.0.0.1/$port"
printf 'GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nConnection: close\r\n\r\n' "$port" >&3
status_line=""
IFS= read -r -t 10 status_line <&3 || true
cat <&3 >"$work/health.body" || true
exec 3<&-
status_line="${status_line%$'\r'}"
step "GET /v1/health: $status_line"
[[ "$status_line" =~ ^HTTP/1\.[01]\ 200 ]] || fail "GET /v1/health answered '$status_line'"

# 7. SIGTERM: a graceful stop with exit code 0 (docs/deployment.md, "Stopping"), well within the unit's
#    TimeoutStopSec=30.
kill -TERM "$server_pid"
for _ in $(seq 1 250); do
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
done
if kill -0 "$server_pid" 2>/dev/null; then
    fail "the installed ades still runs 25 s after SIGTERM"
fi
exit_code=0
wait "$server_pid" || exit_code=$?
server_pid=""
step "SIGTERM: exit code $exit_code"
if [ "$exit_code" -ne 0 ]; then
    cat "$work/serve.err" >&2
    fail "the installed ades exited $exit_code after SIGTERM"
fi
step "packaging.deb passed"
