#!/bin/sh
# The event, echo and packet benchmarks under each engine, side by side (README.md):
#
#   bench/dpa/engines.sh [BUILD_DIR]      (a Release tree; default: build)
#
# Runs bench/events (activation latency, loopback echo) and bench/packets' wire path (two L2
# reflectors, window 64, 64-byte frames) with FLEXIO_SIM_ENGINE=interpreter, then =translator,
# and prints each rate and the ratio translator / interpreter. Not a test: it judges nothing.
# ECHO_MESSAGES, ECHO_ROUNDS and PACKET_SECONDS shorten or lengthen the runs.
set -e
build=${1:-build}
cmake --build "$build" --target flexio-events-bench flexio-packets-bench dpa-sim-run dpa_bench_workload >/dev/null
# FLEXIO_SIM_ENGINE=translator quietly means the interpreter where there is no translator: ask
# dpa-sim-run, which refuses it then.
if ! "$build/bin/dpa-sim-run" --engine translator "$build/bench/dpa/dpa_bench_workload.elf" 1 >/dev/null; then
	echo "engines.sh: no translator in this build: nothing to compare" >&2
	exit 1
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for engine in interpreter translator; do
	echo "== FLEXIO_SIM_ENGINE=$engine" >&2
	FLEXIO_SIM_ENGINE=$engine "$build/bin/flexio-events-bench" "${ECHO_MESSAGES:-300000}" 20000 "${ECHO_ROUNDS:-3}" |
		tee "$out/events-$engine" >&2
	FLEXIO_SIM_ENGINE=$engine FLEXIO_SIM_EVENT_WORKERS=1 FLEXIO_SIM_DEVICES=2 \
		FLEXIO_SIM_PORTS="mlx5_sim0:1=wire:mlx5_sim1:1" \
		"$build/bin/flexio-packets-bench" "${PACKET_SECONDS:-3}" 64 64 | tee "$out/packets-$engine" >&2
done

# "<label>\t<value>" lines: the echo rates (M messages/s), the activation medians (us) and the
# packet rate (M reflections/s), in the order the benchmarks print them.
rates() {
	awk '/ M messages\/s \(/ { sub(/^ +/, ""); split($0, a, ":"); split(a[2], w, " ")
				printf "echo, %s (M messages/s)\t%s\n", a[1], w[1] }
	     / median .* us +p99 / { sub(/^ +/, ""); split($0, a, / +median +/); split(a[2], w, " ")
				printf "activation, %s (median us)\t%s\n", a[1], w[1] }' "$out/events-$1"
	awk '/^RATE / { printf "packets, wire, window 64 (M reflections/s)\t%.3f\n", $2 / 1e6 }' "$out/packets-$1"
}
rates interpreter >"$out/interpreter"
rates translator >"$out/translator"
printf '%-74s %11s %11s %7s\n' "" interpreter translator ratio
paste "$out/interpreter" "$out/translator" |
	awk -F'\t' '{ printf "%-74s %11s %11s %6.2fx\n", $1, $2, $4, ($2 > 0 ? $4 / $2 : 0) }'
