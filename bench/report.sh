#!/usr/bin/env bash
# bench/report.sh [SIZES...] — the figures of docs/performance.md, each next
# to its baseline measured in the same run. SIZES default to 1000 10000 100000.
#
# For each size it writes synthetic packs (`roundtable fixture`, one file per
# unit and one list file per 1,000 units) and measures with /usr/bin/time:
#   check        roundtable check on both layouts
#   floor        yaml.v3 decode of the same files into structs, every core
#   cue vet      cue v0.17.1 on the list layout with the same schema
#   cue-only     check with the native validator off (ROUNDTABLE_NATIVE=0)
#   gen          compile + write the Go table package of the pack (gen as
#                `roundtable gen` does: ruleset.go, and chunk packages under
#                internal/ for large packs), into a module made for it
#   go build     of that package and its chunks, with an empty build cache
#                (the standard library and the table package built first)
#   cold / warm  check --cache (per-unit layout) on an empty cache, then again
#                after appending a comment to one unit file (warm), after
#                changing one unit's title instead (warm-value: link and the
#                game's Build run again), and with nothing edited (warm-none)
#   lsp          the language server on the per-unit pack: keystrokes typed
#                into one unit file (bench/lspreplay), keystroke-to-
#                diagnostics latency p50/p95/max and CPU per keystroke, next
#                to the cold check of its didOpen (sizes up to LSP_MAX,
#                default 10000; target p95 <= 50 ms at 10,000 units)
# Wall times on a shared machine are noisy: CPU time (user+sys) is printed too.
# BENCH_DIR keeps the packs (default: a temporary folder, removed at the end).
# CUE_ONLY_MAX (default 10000) is the largest size run with CUE alone.
# BENCH_GEN_ONLY=1 runs only check (list files), gen and go build.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 10000 100000)
work=${BENCH_DIR:-$(mktemp -d)}
[ -n "${BENCH_DIR:-}" ] || trap 'rm -rf "$work"' EXIT
cue_only_max=${CUE_ONLY_MAX:-10000}
gen_only=${BENCH_GEN_ONLY:-}
repo=$(pwd)
goversion=$(awk '$1 == "go" {print $2}' go.mod)
lsp_max=${LSP_MAX:-10000}
declare -A lsp

echo "building roundtable, bench/measure and cue v0.17.1 ..." >&2
go build -o "$work/roundtable" ./cmd/roundtable
go build -o "$work/measure" ./bench/measure
[ -n "$gen_only" ] || GOBIN="$work/bin" go install cuelang.org/go/cmd/cue@v0.17.1
rt=$work/roundtable

declare -A wall cpu rss gosize gofiles
# run KEY CMD...: time a command; its exit status must be 0.
run() {
	local key=$1
	shift
	if ! /usr/bin/time -f "%e %U %S %M" -o "$work/time.txt" "$@" >"$work/out.txt" 2>&1; then
		echo "FAILED: $*" >&2
		tail -5 "$work/out.txt" >&2
		exit 1
	fi
	read -r w u s m < <(tail -1 "$work/time.txt")
	wall[$key]=$w
	cpu[$key]=$(awk -v u="$u" -v s="$s" 'BEGIN{printf "%.2f", u+s}')
	rss[$key]=$(awk -v m="$m" 'BEGIN{printf "%.0f", m/1024}')
}

for n in "${sizes[@]}"; do
	echo "size $n ..." >&2
	pu=$work/pu$n
	li=$work/list$n
	[ -n "$gen_only" ] || [ -d "$pu" ] || "$rt" fixture --units "$n" --layout per-unit "$pu" >/dev/null
	[ -d "$li" ] || "$rt" fixture --units "$n" --layout list "$li" >/dev/null
	run "check-li-$n" "$rt" check "$li"
	# gen writes into a module of its own that uses this repository's table
	# packages; go build then compiles the generated package from scratch.
	gen=$work/gen$n
	rm -rf "$gen" "$work/gocache"
	mkdir -p "$gen"
	printf 'module benchgen\n\ngo %s\n\nrequire github.com/roundtable-dev/roundtable v0.0.0\n\nreplace github.com/roundtable-dev/roundtable => %s\n' "$goversion" "$repo" >"$gen/go.mod"
	run "gen-$n" "$work/measure" gen "$li" "$gen"
	read -r gosize["$n"] gofiles["$n"] < <(awk '/bytes of Go in/{print $1, $6}' "$work/out.txt")
	export GOCACHE=$work/gocache GOFLAGS=-mod=mod GOWORK=off
	go -C "$gen" build slices github.com/roundtable-dev/roundtable/engine/annas/table
	run "build-$n" go -C "$gen" build ./...
	unset GOCACHE GOFLAGS GOWORK
	rm -rf "$work/gocache"
	[ -z "$gen_only" ] || continue
	run "check-pu-$n" "$rt" check "$pu"
	run "floor-pu-$n" "$work/measure" floor "$pu"
	run "floor-li-$n" "$work/measure" floor "$li"
	run "cuevet-$n" "$work/bin/cue" vet -c -d '#Unit' schema/annas/*.cue "$li"/units/*.yaml
	if [ "$n" -le "$cue_only_max" ]; then
		run "cueonly-$n" env ROUNDTABLE_NATIVE=0 "$rt" check "$li"
	fi
	rm -rf "$work/cache"
	run "cold-$n" "$rt" check --cache "$work/cache" "$pu"
	one=$pu/units/000/u000001.yaml
	cp "$one" "$work/one.yaml"
	echo "# edited" >>"$one"
	run "warm-$n" "$rt" check --cache "$work/cache" "$pu"
	cp "$work/one.yaml" "$one"
	sed -i 's/^title: \(.*\)$/title: \1 Edited/' "$one"
	run "warmvalue-$n" "$rt" check --cache "$work/cache" "$pu"
	run "warmnone-$n" "$rt" check --cache "$work/cache" "$pu"
	cp "$work/one.yaml" "$one"
	if [ "$n" -le "$lsp_max" ]; then
		sleep 2 # files written in the last 2 s are read again ("racily clean")
		lsp[$n]=$("$work/measure" lsp "$pu" 3)
	fi
done

ratio() { awk -v a="$1" -v b="$2" 'BEGIN{ if (b > 0) printf "%.1f", a/b; else printf "-" }'; }
row() { # row LABEL FORMAT-FUNC: a table row; none when nothing was measured
	local label=$1 f=$2 line cell any=
	line="| $label |"
	for n in "${sizes[@]}"; do
		cell=$($f "$n")
		[ "$cell" = "-" ] || any=1
		line+=" $cell |"
	done
	[ -z "$any" ] || echo "$line"
}
t() { # t KEY N: wall s (cpu s, MB)
	local k=$1-$2
	if [ -z "${wall[$k]:-}" ]; then echo "-"; return; fi
	echo "${wall[$k]} s (cpu ${cpu[$k]} s, ${rss[$k]} MB)"
}
header="| figure |"
sep="|---|"
for n in "${sizes[@]}"; do header+=" $n units |"; sep+="---|"; done

echo
echo "machine: $(nproc) cores, $(awk '/model name/{$1=$2=$3="";print;exit}' /proc/cpuinfo | sed 's/^ *//'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "times: wall (cpu = user+sys, peak RSS)"
echo
echo "$header"
echo "$sep"
row "check, one file per unit" "t check-pu"
row "check, list files" "t check-li"
row "floor: yaml.v3 into structs, one file per unit" "t floor-pu"
row "floor: yaml.v3 into structs, list files" "t floor-li"
row "cue vet, list files" "t cuevet"
row "check with CUE only (native off), list files" "t cueonly"
row "gen (compile + write Go), list files" "t gen"
gsize() { # gsize N: generated Go size and files
	if [ -z "${gosize[$1]:-}" ]; then echo "-"; return; fi
	awk -v b="${gosize[$1]}" -v f="${gofiles[$1]}" 'BEGIN{printf "%.1f MB in %d files", b/1e6, f}'
}
row "generated Go" "gsize"
row "go build of the generated package, empty cache" "t build"
row "check --cache, cold, one file per unit" "t cold"
row "check --cache, warm after editing one file" "t warm"
row "check --cache, warm after a value edit of one file" "t warmvalue"
row "check --cache, warm with nothing edited" "t warmnone"
echo
echo "ratios (wall; cpu in brackets)"
echo
echo "$header"
echo "$sep"
r() { # r A B N
	if [ -z "${wall[$1-$3]:-}" ] || [ -z "${wall[$2-$3]:-}" ]; then echo "-"; return; fi
	echo "$(ratio "${wall[$1-$3]}" "${wall[$2-$3]}") ($(ratio "${cpu[$1-$3]}" "${cpu[$2-$3]}"))"
}
row "gen / check, list files (target ≤ 3)" "r gen check-li"
row "go build of the generated package / check, list files" "r build check-li"
row "check / floor, one file per unit (target ≤ 2)" "r check-pu floor-pu"
row "check / floor, list files (target ≤ 2)" "r check-li floor-li"
row "cue vet / check, list files (target ≥ 5 at 10k, ≥ 15 at 100k)" "r cuevet check-li"
row "CUE only / check, list files" "r cueonly check-li"
ratio2() { awk -v a="$1" -v b="$2" 'BEGIN{ if (b > 0) printf "%.2f", a/b; else printf "-" }'; }
r2() { # r2 A B N: as r, two decimals (ratios near 0.1)
	if [ -z "${wall[$1-$3]:-}" ] || [ -z "${wall[$2-$3]:-}" ]; then echo "-"; return; fi
	echo "$(ratio2 "${wall[$1-$3]}" "${wall[$2-$3]}") ($(ratio2 "${cpu[$1-$3]}" "${cpu[$2-$3]}"))"
}
row "warm / cold check, one file per unit (target ≤ 0.1)" "r2 warm check-pu"
row "warm (comment edit) / cold --cache (target ≤ 0.1)" "r2 warm cold"
row "warm (value edit) / cold --cache" "r2 warmvalue cold"
row "warm (nothing edited) / cold --cache" "r2 warmnone cold"
if [[ " ${sizes[*]} " == *" 100000 "* ]]; then
	echo
	echo "at 100k: gen peak ${rss[gen-100000]} MB (target ≤ 500 MB); go build ${wall[build-100000]} s, peak ${rss[build-100000]} MB (target ≤ 15 s, ≤ 1,000 MB; the peak is the largest process, go build runs $(nproc) compiles at once)"
fi
if [[ -z "$gen_only" && " ${sizes[*]} " == *" 10000 "* && " ${sizes[*]} " == *" 100000 "* ]]; then
	echo
	for k in check-pu check-li floor-li; do
		echo "growth 10k → 100k, $k: time $(ratio "${wall[$k-100000]}" "${wall[$k-10000]}") (cpu $(ratio "${cpu[$k-100000]}" "${cpu[$k-10000]}")), memory $(ratio "${rss[$k-100000]}" "${rss[$k-10000]}") (target: time ≤ 11, peak at 100k ≤ 500 MB)"
	done
fi
echo
[ -z "$gen_only" ] || exit 0
echo "language server (bench/lspreplay; $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)): keystroke-to-diagnostics, ms"
echo
echo "| units | keystrokes | p50 | p95 (target ≤ 50 at 10k) | max | CPU per keystroke | cold check of the didOpen | p95 / cold |"
echo "|---|---|---|---|---|---|---|---|"
for n in "${sizes[@]}"; do
	[ -n "${lsp[$n]:-}" ] || continue
	read -r _ k _ p50 _ p95 _ mx _ cpu _ open <<<"${lsp[$n]}"
	echo "| $n | $k | $p50 | $p95 | $mx | $cpu | $open | $(awk -v a="$p95" -v b="$open" 'BEGIN{printf "%.3f", a/b}') |"
done
echo
benchmarks=$(go test -list Benchmark ./engine/annas 2>/dev/null || true)
if grep -q '^BenchmarkForecast' <<<"$benchmarks"; then
	runs=${ENGINE_COUNT:-5}
	echo "engine (Go benchmarks of ./engine/annas, each run $runs times; one core: -cpu 1, all cores: -cpu $(nproc)):"
	echo "best of the runs, median in brackets. The shared machine's CPU speed varies by a third from"
	echo "one run to the next even when idle (the per-CPU-second rates move with the wall rates), and"
	echo "interference only ever slows a run, so the best run is the engine's speed, the median the"
	echo "machine's mood."
	echo
	one=$(go test -run '^$' -bench 'Forecast|Reach|LegalActions|RandomGame' -cpu 1 -count "$runs" ./engine/annas 2>&1)
	all=$(go test -run '^$' -bench 'RandomGameParallel' -cpu "$(nproc)" -count "$runs" ./engine/annas 2>&1)
	# metric OUT NAME UNIT: "best (median)" of the benchmark's UNIT values.
	metric() {
		awk -v b="$2" -v u="$3" '$1 ~ "^"b"(-[0-9]+)?$" { for (i = 2; i < NF; i++) if ($(i+1) == u) print $i }' <<<"$1" |
			sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) { print "-"; exit } m = (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2; printf "%.0f (%.0f)", v[NR], m }'
	}
	echo "| figure | measured: best (median) | target |"
	echo "|---|---|---|"
	echo "| combat forecasts/s, one core (Forecaster: prepared once per ruleset) | $(metric "$one" BenchmarkForecaster forecasts/s) | ≥ 5,000,000 |"
	echo "| combat forecasts/s, one core (one-shot Forecast function) | $(metric "$one" BenchmarkForecast forecasts/s) | – |"
	echo "| reach/s, one core | $(metric "$one" BenchmarkReach reaches/s) | – |"
	echo "| LegalActions/s, one core (mid-game) | $(metric "$one" BenchmarkLegalActions calls/s) | – |"
	echo "| random 1v1 games/s, one core | $(metric "$one" BenchmarkRandomGame games/s) | ≥ 2,000 |"
	echo "| random 1v1 games/s, $(nproc) cores | $(metric "$all" BenchmarkRandomGameParallel games/s) | – |"
else
	echo "engine: pending — ./engine/annas has no benchmarks in this tree yet"
fi
