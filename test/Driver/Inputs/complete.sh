# Sources the bash completion script $1 and completes the command lines
# given as the other arguments (each one string; its last word is the one
# completed, "" for a new word), printing "WORDS => CANDIDATES" for each,
# the candidates sorted.
set -u
source "$1" || exit 1
shift
complete -p pykc
for line in "$@"; do
  read -r -a COMP_WORDS <<<"$line"
  case $line in *" ") COMP_WORDS+=("") ;; esac
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMP_LINE=$line
  COMP_POINT=${#line}
  COMPREPLY=()
  _pykc
  echo "$line => $(printf '%s\n' "${COMPREPLY[@]}" | LC_ALL=C sort | tr '\n' ' ')"
done
