#!/usr/bin/env python3
"""Benchmark for Huarong Dao: the solution, the same solution with its goal side always built, and a
plain forward BFS (the judge's reference), on every test in problems/huarong/tests.

Usage: python3 problems/huarong/bench.py [--runs N]
Each program is compiled with `rustc --edition 2021 -O` and run through the judge's launcher; wall and
CPU are medians of N runs of the whole process, peak RSS the largest. "visited" counts positions.
The goal-side-always variant is src/bin/huarong.rs with one line rewritten (see GOAL_SIDE_ALWAYS).
"""
import argparse, os, re, sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from benchlib import ROOT, Failed, compile_rs, measure, medians, out_dir  # noqa: E402

OUT = out_dir("huarong")
TESTS = os.path.join(ROOT, "problems", "huarong", "tests")
# Build the goal side at the start, with no limit, instead of once it would be the smaller frontier.
GOAL_SIDE_ALWAYS = [
    ("if to_goal.is_none() && from_start.frontier.len() > 2 * goal_tried {", "if to_goal.is_none() {"),
    ("goal_tried = from_start.frontier.len();", "goal_tried = usize::MAX / 8;"),
]


def variant():
    with open(os.path.join(ROOT, "src", "bin", "huarong.rs")) as f:
        source = f.read()
    for old, new in GOAL_SIDE_ALWAYS:
        if old not in source:
            sys.exit(f"src/bin/huarong.rs no longer contains `{old}`: update GOAL_SIDE_ALWAYS")
        source = source.replace(old, new)
    path = os.path.join(OUT, "goal_side_always.rs")
    with open(path, "w") as f:
        f.write(source)
    return compile_rs(path, os.path.join(OUT, "goal_side_always"))


def visited(binary, input_path, traced):
    """Positions visited: from the trace (each side's last count, plus the goal side's roots)."""
    env = dict(os.environ, BFS_TRACE="1") if traced else None
    stderr = measure(binary, input_path, OUT, env)[4]
    if not traced:
        return int(re.search(r"visited (\d+)", stderr).group(1))
    last = {side: int(n) for side, n in re.findall(r"(start|goal) depth \d+: frontier \d+, visited (\d+)", stderr)}
    roots = re.search(r"goal side: (\d+) arrangements", stderr)
    return last.get("start", 1) + last.get("goal", int(roots.group(1)) if roots else 0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    solution = compile_rs(os.path.join(ROOT, "src/bin/huarong.rs"), os.path.join(OUT, "huarong"))
    programs = [(solution, True), (variant(), True), (compile_rs(os.path.join(ROOT, "problems/huarong/plain_bfs.rs"), os.path.join(OUT, "plain_bfs")), False)]
    print(f"medians of {args.runs} runs, whole process; wall ms / peak RSS MB / positions visited\n")
    print("| test | solution | goal side always | plain forward BFS |")
    print("|---|---:|---:|---:|")
    for name in sorted(f for f in os.listdir(TESTS) if f.endswith(".in")):
        path = os.path.join(TESTS, name)
        cells = []
        for binary, traced in programs:
            try:
                wall, _, peak_mb = medians(binary, path, OUT, args.runs)
                cells.append(f"{wall:.1f} / {peak_mb:.1f} / {visited(binary, path, traced):,}")
            except Failed as failure:
                cells.append(f"did not finish: {failure}")
        print(f"| {name[:-3]} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
