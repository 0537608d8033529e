#!/usr/bin/env bash
# Runs every `pathkit ...` command of the README's and docs/cli.md's shell blocks, from a
# scratch folder that holds only a link to the project's examples (as a fresh clone would),
# and requires each to exit 0. Usage: readme_commands.sh PATHKIT PROJECT_ROOT
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/report.sh"
pathkit="$(realpath "$1")" root="$(realpath "$2")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
ln -s "$root/examples" "$work/examples"
mkdir "$work/bin"
ln -s "$pathkit" "$work/bin/pathkit"
export PATH="$work/bin:$PATH"
cd "$work"
count=0
for document in "$root/README.md" "$root/docs/cli.md"; do
  # Lines of ```sh blocks that start with `pathkit `, comments dropped; ~/movingai examples skip.
  while IFS= read -r command; do
    count=$((count + 1))
    if ! output="$(timeout 120 bash -c "$command" 2>&1 </dev/null)"; then
      fail "(${document##*/}) $command" "$output"
    else
      echo "ok: $command"
    fi
  done < <(awk '/^```sh/ { inside = 1; next } /^```/ { inside = 0 }
                inside && /^pathkit / { sub(/ +#.*$/, ""); print }' "$document" | grep -v "~/")
done
echo "$count commands, $failures failed"
[ "$count" -gt 10 ] && [ "$failures" -eq 0 ]
