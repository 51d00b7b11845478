#!/usr/bin/env python3
"""Benchmark for Huarong Dao, four tables:
1. every test in problems/huarong/tests: the solution, the same solution with its goal side always
   built, and a plain forward BFS (the judge's reference);
2. the boards in problems/huarong/bench/goal-side-*.in: the solution against the same solution with
   its goal side never built (one-sided), to show what the goal side saves where it is used;
3. the classic 5x4 layouts (tests 002-018): the solution against peers/plain_rect_bfs.cpp, the
   textbook plain BFS (`g++ -O2 -std=c++17`), run by turns, the first to run swapped every round;
   CPU and wall medians and the ratios ours/peer (goal: at most PEER_GOAL on 002, 横刀立马);
4. the big boards in problems/huarong/bench/sparse-*.in: positions per second and bytes per position
   (goal: at least 2 M/s and at most 24 B on the 6x6 ones, issue 29's guard).

Usage: python3 problems/huarong/bench.py [--runs N] [--only tests|goal|peer|big] [--baseline FILE.rs]
Each program is compiled with `rustc --edition 2021 -O` and run through the judge's launcher; wall and
CPU are medians of N runs of the whole process, peak RSS the largest. "visited" counts positions.
The variants are src/bin/huarong.rs with lines rewritten (GOAL_SIDE_ALWAYS, ONE_SIDED). With
--baseline, tables 3 and 4 also run that older version of the solution, by turns with the others.
"""
import argparse, os, platform, re, shlex, statistics, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from benchlib import ROOT, Failed, compile_rs, measure, medians, out_dir, stderr_of  # noqa: E402

OUT = out_dir("huarong")
TESTS = os.path.join(ROOT, "problems", "huarong", "tests")
# Build the goal side at the start, with no limit, instead of once it would be the smaller frontier.
GOAL_SIDE_ALWAYS = [
    ("if self.side.is_some() || frontier <= 2 * self.tried {", "if self.side.is_some() {"),
    ("goal_roots(board, frontier)", "goal_roots(board, usize::MAX / 8)"),
]
# Never build the goal side: a one-sided BFS on the same positions.
ONE_SIDED = [("if self.side.is_some() || frontier <= 2 * self.tried {", "if true {")]
BENCH = os.path.join(ROOT, "problems", "huarong", "bench")
PEER = os.path.join(ROOT, "problems", "huarong", "peers", "plain_rect_bfs.cpp")
CLASSIC = [f"{n:03}" for n in range(2, 19)]  # the classic 5x4 layouts, rectangular blocks only
PEER_GOAL = 0.3  # ours at most this times the peer's CPU on 横刀立马 (test 002): issue 29's guard
SPEED_GOAL, BYTES_GOAL = 2e6, 24  # on the sparse 6x6 boards: positions/s (of CPU), bytes/position


def variant(name, edits):
    with open(os.path.join(ROOT, "src", "bin", "huarong.rs")) as f:
        source = f.read()
    for old, new in edits:
        if old not in source:
            sys.exit(f"src/bin/huarong.rs no longer contains `{old}`: update {name.upper()}")
        source = source.replace(old, new)
    path = os.path.join(OUT, f"{name}.rs")
    with open(path, "w") as f:
        f.write(source)
    return compile_rs(path, os.path.join(OUT, name))


def visited(binary, input_path, traced):
    """Positions visited: from the trace (each side's last count, plus the goal side's roots)."""
    env = dict(os.environ, BFS_TRACE="1") if traced else None
    stderr = stderr_of(binary, input_path, env)
    if not traced:
        return int(re.search(r"visited (\d+)", stderr).group(1))
    last = {side: int(n) for side, n in re.findall(r"(start|goal) depth \d+: frontier \d+, visited (\d+)", stderr)}
    roots = re.search(r"goal side: (\d+) arrangements", stderr)
    return last.get("start", 1) + last.get("goal", int(roots.group(1)) if roots else 0)


def inputs(folder, prefix=""):
    return [os.path.join(folder, f) for f in sorted(os.listdir(folder)) if f.startswith(prefix) and f.endswith(".in")]


def table(title, columns, programs, paths, runs):
    """One markdown row per input: wall ms / peak RSS MB / positions visited, per program."""
    print(f"\n{title}\n\n| input | " + " | ".join(columns) + " |")
    print("|---|" + "---:|" * len(columns))
    for path in paths:
        cells = []
        for binary, traced in programs:
            try:
                wall, _, peak_mb = medians(binary, path, OUT, runs)
                cells.append(f"{wall:.1f} / {peak_mb:.1f} / {visited(binary, path, traced):,}")
            except Failed as failure:
                cells.append(f"did not finish: {failure}")
        print(f"| {os.path.basename(path)[:-3]} | " + " | ".join(cells) + " |", flush=True)


def compile_cpp(source, binary):
    """`g++ -O2 -std=c++17`, as the judge compiles a C++ submission."""
    subprocess.run(["g++", "-O2", "-std=c++17", "-o", binary, source], check=True)
    return binary


def interleaved(programs, input_path, runs):
    """{name: [(wall ms, cpu ms, peak KiB), ...]}: the programs run by turns, the first swapped every
    round; every run's first line (the move count) must agree with the .ans file when there is one."""
    answer = input_path[:-3] + ".ans"
    want = open(answer).readline().strip() if os.path.exists(answer) else None
    times = {name: [] for name, _ in programs}
    for round_ in range(runs):
        for name, binary in programs if round_ % 2 == 0 else programs[::-1]:
            wall, cpu, peak_kib, stdout, _ = measure(binary, input_path, OUT, cpu_ms=20000)
            got = stdout.split("\n", 1)[0].strip()
            if want is not None and got != want:
                raise Failed(f"{name} on {os.path.basename(input_path)}: answered {got}, expected {want}")
            times[name].append((wall, cpu, peak_kib))
    return times


def med(times, which):
    return statistics.median(t[which] for t in times)


def peer_table(programs, runs):
    """Ours (and the baseline) against the textbook plain BFS on the classic layouts."""
    print(f"\nAgainst the plain BFS peer: medians of {runs} runs each, interleaved; CPU = user + sys\n")
    others = [name for name, _ in programs if name != "peer"]
    head = [f"{n} CPU ms" for n in others] + ["peer CPU ms"] + [f"CPU {n}/peer" for n in others]
    head += [f"{n} wall ms" for n in others] + ["peer wall ms"] + [f"wall {n}/peer" for n in others]
    print("| test | " + " | ".join(head) + " |\n|---|" + "---:|" * len(head))
    ratios = {}
    for number in CLASSIC:
        path = inputs(TESTS, number)[0]
        times = interleaved(programs, path, runs)
        cpu = {n: med(times[n], 1) for n, _ in programs}
        wall = {n: med(times[n], 0) for n, _ in programs}
        ratios[number] = cpu["ours"] / cpu["peer"]
        cells = [f"{cpu[n]:.1f}" for n in others] + [f"{cpu['peer']:.1f}"]
        cells += [f"{cpu[n] / cpu['peer']:.3f}" for n in others]
        cells += [f"{wall[n]:.1f}" for n in others] + [f"{wall['peer']:.1f}"]
        cells += [f"{wall[n] / wall['peer']:.3f}" for n in others]
        print(f"| {os.path.basename(path)[:-3]} | " + " | ".join(cells) + " |", flush=True)
    met = ratios["002"] <= PEER_GOAL
    print(f"\ngoal, ours at most {PEER_GOAL}x the peer's CPU on 002 (横刀立马): {'met' if met else 'NOT met'}"
          f" ({ratios['002']:.3f}; all classic layouts {min(ratios.values()):.3f}-{max(ratios.values()):.3f})")


def big_table(programs, paths, runs):
    """Positions per second and bytes per position on boards with millions of positions, each version
    by turns. Bytes are counted twice: all of the peak RSS, and only what it adds to a run that
    searches nothing. Positions/s is counted over CPU time and over wall time."""
    print(f"\nBig boards: medians of {runs} runs each, interleaved\n")
    floor = {name: medians(b, os.path.join(TESTS, "001-hackerrank-sample.in"), OUT, runs)[2] for name, b in programs}
    print("(a run that searches nothing peaks at " + ", ".join(f"{m:.1f} MiB ({n})" for n, m in floor.items()) + ")\n")
    print("| input | version | positions | CPU ms | wall ms | peak MiB | positions/s of CPU | positions/s of wall | bytes/position | above that floor |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    missed = []
    for path in paths:
        times = interleaved(programs, path, runs)
        for name, binary in programs:
            n = visited(binary, path, True)
            cpu, wall, peak_mb = med(times[name], 1), med(times[name], 0), max(t[2] for t in times[name]) / 1024
            whole, above = peak_mb * 2**20 / n, (peak_mb - floor[name]) * 2**20 / n
            if name == "ours" and "6x6" in path and (n / cpu * 1000 < SPEED_GOAL or whole > BYTES_GOAL):
                missed.append(f"{os.path.basename(path)[:-3]} ({n / cpu / 1e3:.2f} M/s, {whole:.1f} B in all, "
                              f"{above:.1f} above the floor)")
            print(f"| {os.path.basename(path)[:-3]} | {name} | {n:,} | {cpu:.0f} | {wall:.0f} | {peak_mb:.1f} "
                  f"| {n / cpu * 1000:,.0f} | {n / wall * 1000:,.0f} | {whole:.1f} | {above:.1f} |", flush=True)
    print(f"\ngoal on the 6x6 boards, at least {SPEED_GOAL / 1e6:.0f} M positions/s of CPU at most {BYTES_GOAL} B/position: "
          + ("met" if not missed else "NOT met on " + ", ".join(missed)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--only", choices=["tests", "goal", "peer", "big"])
    parser.add_argument("--baseline", help="an older huarong.rs, run by turns with ours in tables 3 and 4")
    args = parser.parse_args()
    solution = compile_rs(os.path.join(ROOT, "src/bin/huarong.rs"), os.path.join(OUT, "huarong"))
    versions = [("ours", solution)]
    if args.baseline:
        versions.append(("baseline", compile_rs(args.baseline, os.path.join(OUT, "baseline"))))
    print(f"command: python3 problems/huarong/bench.py {shlex.join(sys.argv[1:])}".rstrip())
    print(f"machine: {os.cpu_count()} cores, {platform.machine()}, load average {os.getloadavg()[0]:.2f} at the start")
    print(f"medians of {args.runs} runs, whole process; cells are wall ms / peak RSS MB / positions visited")
    if args.only in (None, "tests"):
        plain = compile_rs(os.path.join(ROOT, "problems/huarong/plain_bfs.rs"), os.path.join(OUT, "plain_bfs"))
        programs = [(solution, True), (variant("goal_side_always", GOAL_SIDE_ALWAYS), True), (plain, False)]
        table("The tests", ["solution", "goal side always", "plain forward BFS"], programs, inputs(TESTS), args.runs)
    if args.only in (None, "goal"):
        programs = [(solution, True), (variant("one_sided", ONE_SIDED), True)]
        table("Where the goal side is used", ["solution", "one-sided"], programs, inputs(BENCH, "goal-side"), args.runs)
    if args.only in (None, "peer"):
        peer_table(versions + [("peer", compile_cpp(PEER, os.path.join(OUT, "plain_rect_bfs")))], max(11, args.runs))
    if args.only in (None, "big"):
        big_table(versions, inputs(BENCH, "sparse"), max(11, args.runs))
    print(f"\nload average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    try:
        main()
    except Failed as failure:
        sys.exit(f"bench.py: {failure}")
