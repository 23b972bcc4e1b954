# scripts/apt_missing.sh: sourced by scripts/setup.sh and
# scripts/setup_bazel.sh; not run on its own.
#
# install_missing NAME PACKAGE...: installs the Debian packages that are not
# installed yet (apt-get update first, only then), as root or through sudo;
# NAME prefixes its messages. Does nothing when all are installed.
install_missing() {
	local name="$1"
	shift
	local missing=() p
	for p in "$@"; do
		if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
			missing+=("$p")
		fi
	done
	if ((${#missing[@]} == 0)); then
		return 0
	fi
	local sudo=()
	if [[ $(id -u) -ne 0 ]]; then
		if command -v sudo >/dev/null; then
			sudo=(sudo)
		else
			echo "$name: need root to install: ${missing[*]}" >&2
			exit 1
		fi
	fi
	echo "$name: installing ${missing[*]}"
	export DEBIAN_FRONTEND=noninteractive
	"${sudo[@]}" apt-get update -qq
	"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
}
