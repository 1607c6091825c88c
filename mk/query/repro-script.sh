#!/bin/bash
# repro-script.sh - write a self-contained shell script that reproduces one
# corpus warning on a fresh Debian 12 machine.
#
# Usage: REC=RECORD_JSON BUILD_RECORD=FILE OBJ=OBJECT W=W DESC=DIR KSRC=DIR SERIES=DIR
#        SRC_PKG=PACKAGE repro-script.sh > script   (W empty: no W=; DESC: the
#        scratch build whose descriptor says the toolchain)
# The config goes in as savedefconfig's minimal form, the series patches
# inline. The script is /bin/sh, on its own (no kwarn there): it says
# "kwarn: repro: ..." as lib.sh would, and keeps set -u only, its make
# being expected to fail when the warning is an error. For the same reason
# it spells out its own olddefconfig and make of the object, and greps the
# build's output for the warning's text, where make repro goes through
# mk/build.sh and mk/corpus.sh: it cannot source them.
STEP=repro-script
. "$(dirname "$0")/../lib.sh"
need_vars REC BUILD_RECORD OBJ DESC KSRC SERIES SRC_PKG
rec=$REC build=$BUILD_RECORD obj=$OBJ w=${W:-} series=$SERIES srcpkg=$SRC_PKG
read_desc "$DESC"
j() { jq -r "$1" <<< "$rec"; }
b() { jq -r "$@" "$build"; }
tree_version=$(b .tree | cut -d' ' -f2)

# savedefconfig needs a configured output directory
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
b .config | head -c -1 > "$d/.config"
kbuild_cmd "$KSRC" "$d"
"${kbuild[@]}" -s savedefconfig > "$d/savedefconfig.log" 2>&1 ||
	{ cat "$d/savedefconfig.log" >&2; fail "make savedefconfig failed"; }
text=$(j .text)

cat <<EOF
#!/bin/sh
# Reproduce a kernel warning found by kwarn, on a fresh Debian 12 machine.
#
#   $text
#
$(b 'if .given then "# key \($k): the config given (DOTCONFIG=\(.given.config_name // "" | if . == "" then "" else "; the report names " + . end)), \(.toolchain) (the report: \(.compiler)),\n# W=\($w), \(.tree); .config sha256 \(.config_sha256)"
	else "# key \($k): randconfig seed \(.seed) (p=\(.probability)), \(.toolchain) (\(.compiler)),\n# W=\($w), \(.tree), \(.kernel); .config sha256 \(.config_sha256)" end' --arg k "$(j .key)" --arg w "$w")
$(b '(.fragment_lines // []) as $l | if $l == [] then empty else
	"# randconfig had these lines of the reporter (FRAGMENT=) on top of kwarn'"'"'s pin;\n" +
	"# the .config below holds them already:\n" + ($l | map("#   " + .) | join("\n")) end')
#
# Usage: sh $(basename "${SCRIPT:-repro.sh}") [WORKDIR]    (as root, or with sudo)
# Exit: 0 the warning came back, 1 it did not, 2 setup failed.
set -u
export LC_ALL=C TZ=UTC KBUILD_BUILD_USER=kwarn KBUILD_BUILD_HOST=kwarn
export KBUILD_BUILD_TIMESTAMP='Thu Jan  1 00:00:00 UTC 1970'
work=\${1:-\$(mktemp -d)}
sudo=; [ "\$(id -u)" = 0 ] || sudo=sudo
note() { echo "kwarn: repro: \$*" >&2; }
setup() { note "\$*"; exit 2; }

\$sudo apt-get update -q > /dev/null || setup "apt-get update failed"
DEBIAN_FRONTEND=noninteractive \$sudo apt-get install -y -q --no-install-recommends \\
	make gcc libc6-dev bc bison flex libssl-dev libelf-dev cpio kmod xz-utils \\
	$srcpkg $packages > /dev/null || setup "apt-get install failed"
have=\$(dpkg-query -W -f '\${Version}' $srcpkg)
[ "\$have" = "$tree_version" ] || note "note: $srcpkg is \$have here, the report's is $tree_version"
have=\$($cc --version | head -n1)
[ "\$have" = "$(b .compiler)" ] || note "note: the compiler here is \$have"

rm -rf "\$work/linux" "\$work/build"
mkdir -p "\$work/linux" "\$work/build" || setup "cannot create \$work"
tar -xf /usr/src/$srcpkg.tar.xz -C "\$work/linux" --strip-components=1 || setup "cannot unpack"
cd "\$work/linux" || setup "cannot enter \$work/linux"
EOF
n=0
series_patches "$series/series" | while read -r p; do
	n=$((n + 1))
	echo "# series/$p"
	echo "patch -s -p1 <<'KWARN_PATCH_$n' || setup 'series/$p does not apply'"
	cat "$series/$p"
	echo "KWARN_PATCH_$n"
done
cat <<EOF

# the .config, as savedefconfig's minimal form
cat > "\$work/build/.config" <<'KWARN_DEFCONFIG'
$(cat "$d/defconfig")
KWARN_DEFCONFIG
make -s O="\$work/build" $kargs CC=$cc olddefconfig > /dev/null || setup "olddefconfig failed"
[ "\$(sha256sum < "\$work/build/.config" | cut -c1-64)" = "$(b .config_sha256)" ] ||
	note "note: the .config differs from the report's"

make O="\$work/build" $kargs CC=$cc W=$w -j"\$(nproc)" $obj > "\$work/build.log" 2>&1
grep -v '^make' "\$work/build.log"
if grep -qF -- '/$(sed "s/'/'\\\\''/g" <<< "$text")' "\$work/build.log"; then
	echo "repro: reproduced"
	exit 0
fi
echo "repro: not reproduced"
exit 1
EOF
