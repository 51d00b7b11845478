#!/usr/bin/env python3
"""Benchmark for Huarong Dao, three tables:
1. every test in problems/huarong/tests: the solution, the same solution with its goal side always
   built, and a plain forward BFS (the judge's reference);
2. the boards in problems/huarong/bench/goal-side-*.in: the solution against the same solution with
   its goal side never built (one-sided), to show what the goal side saves where it is used;
3. the big boards in problems/huarong/bench/sparse-*.in: positions per second and bytes per position.

Usage: python3 problems/huarong/bench.py [--runs N] [--only tests|goal|big]
Each program is compiled with `rustc --edition 2021 -O` and run through the judge's launcher; wall and
CPU are medians of N runs of the whole process, peak RSS the largest. "visited" counts positions.
The variants are src/bin/huarong.rs with lines rewritten (GOAL_SIDE_ALWAYS, ONE_SIDED).
"""
import argparse, os, re, sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from benchlib import ROOT, Failed, compile_rs, medians, out_dir, stderr_of  # noqa: E402

OUT = out_dir("huarong")
TESTS = os.path.join(ROOT, "problems", "huarong", "tests")
# Build the goal side at the start, with no limit, instead of once it would be the smaller frontier.
GOAL_SIDE_ALWAYS = [
    ("GoalSide::Waiting { tried } if frontier > 2 * tried => {}", "GoalSide::Waiting { .. } => {}"),
    ("match goal_positions(puzzle, board, frontier) {", "match goal_positions(puzzle, board, usize::MAX / 8) {"),
]
# Never build the goal side: a one-sided BFS on the same positions.
ONE_SIDED = [("GoalSide::Waiting { tried } if frontier > 2 * tried => {}", "GoalSide::Waiting { .. } if false => {}")]
BENCH = os.path.join(ROOT, "problems", "huarong", "bench")


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


def big_table(solution, paths, runs):
    """Positions per second and bytes per position on boards with millions of positions. Bytes are
    counted twice: all of the peak RSS, and only what it adds to a run that searches nothing."""
    floor_mb = medians(solution, os.path.join(TESTS, "001-hackerrank-sample.in"), OUT, runs)[2]
    print(f"\n(a run that searches nothing peaks at {floor_mb:.1f} MiB)\n")
    print("| input | positions | wall ms | peak MiB | positions/s | bytes/position | above that floor |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for path in paths:
        wall, _, peak_mb = medians(solution, path, OUT, runs)
        n = visited(solution, path, True)
        whole, above = peak_mb * 2**20 / n, (peak_mb - floor_mb) * 2**20 / n
        print(f"| {os.path.basename(path)[:-3]} | {n:,} | {wall:.0f} | {peak_mb:.1f} | {n / wall * 1000:,.0f} | {whole:.1f} | {above:.1f} |", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--only", choices=["tests", "goal", "big"])
    args = parser.parse_args()
    solution = compile_rs(os.path.join(ROOT, "src/bin/huarong.rs"), os.path.join(OUT, "huarong"))
    print(f"medians of {args.runs} runs, whole process; cells are wall ms / peak RSS MB / positions visited")
    if args.only in (None, "tests"):
        plain = compile_rs(os.path.join(ROOT, "problems/huarong/plain_bfs.rs"), os.path.join(OUT, "plain_bfs"))
        programs = [(solution, True), (variant("goal_side_always", GOAL_SIDE_ALWAYS), True), (plain, False)]
        table("The tests", ["solution", "goal side always", "plain forward BFS"], programs, inputs(TESTS), args.runs)
    if args.only in (None, "goal"):
        programs = [(solution, True), (variant("one_sided", ONE_SIDED), True)]
        table("Where the goal side is used", ["solution", "one-sided"], programs, inputs(BENCH, "goal-side"), args.runs)
    if args.only in (None, "big"):
        big_table(solution, inputs(BENCH, "sparse"), max(1, args.runs // 3))


if __name__ == "__main__":
    main()
