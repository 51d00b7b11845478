#!/usr/bin/env python3
"""Benchmark for Eight: the bidirectional solution against a plain one-directional BFS.

Usage: python3 problems/eight/bench.py [--runs N] [--check]
Compiles both with `rustc --edition 2021 -O` (as a judge does), runs each workload N times through the
judge's launcher and prints a Markdown table: median wall and CPU time of the whole process, from fork to
reap, peak RSS (max over runs), and states visited.
--check also runs the ignored all-181,440-boards test (`cargo test --release --test suite -- --ignored every_solvable_board`).
"""
import argparse, collections, os, random, re, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from benchlib import ROOT, compile_rs, medians, out_dir, stderr_of  # noqa: E402

GOAL = "12345678x"
OUT = out_dir("eight")


def all_solvable_boards():
    """Every board that reaches the goal, by BFS from the goal: 181,440 of them."""
    seen, queue = {GOAL}, collections.deque([GOAL])
    while queue:
        board = queue.popleft()
        i = board.index("x")
        for j in (i - 3, i + 3, i - 1 if i % 3 else -1, i + 1 if i % 3 < 2 else -1):
            if 0 <= j < 9:
                cells = list(board)
                cells[i], cells[j] = cells[j], cells[i]
                nxt = "".join(cells)
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
    return sorted(seen)


def workloads():
    rng = random.Random(1077)
    shuffled = ["".join(rng.sample(GOAL, 9)) for _ in range(1000)]  # random permutations: half unsolvable
    return [
        ("empty input (process start-up)", "", False),
        ("8 6 7 2 5 4 3 x 1 (31 moves)", "8 6 7 2 5 4 3 x 1\n", True),
        ("1000 random boards", "\n".join(" ".join(b) for b in shuffled) + "\n", True),
        ("all 181,440 solvable boards", "\n".join(all_solvable_boards()) + "\n", False),
    ]


def states_visited(binary, input_path, plain):
    if plain:
        return int(re.search(r"expanded (\d+)", stderr_of(binary, input_path)).group(1))
    trace = stderr_of(binary, input_path, dict(os.environ, BFS_TRACE="1"))
    sides = re.findall(r"visited (\d+) \+ (\d+)", trace)
    # Start sides are new per case; the goal side is kept, so its last count is its total.
    return sum(int(s) for s, _ in sides) + (int(sides[-1][1]) if sides else 0)


def row(name, binary, input_path, runs, plain):
    wall, cpu, peak_mb = medians(binary, input_path, OUT, runs)
    visited = states_visited(binary, input_path, plain)
    return f"| {name} | {wall:.1f} | {cpu:.1f} | {peak_mb:.1f} | {visited:,} |"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    eight = compile_rs(os.path.join(ROOT, "src/bin/eight.rs"), os.path.join(OUT, "eight"))
    plain = compile_rs(os.path.join(ROOT, "problems/eight/plain_bfs.rs"), os.path.join(OUT, "plain_bfs"))
    print(f"medians of {args.runs} runs (plain BFS: {max(1, args.runs // 3)}), whole process\n")
    print("| workload | program | wall ms | CPU ms | peak RSS MB | states visited |")
    print("|---|---|---:|---:|---:|---:|")
    for name, text, with_plain in workloads():
        input_path = os.path.join(OUT, re.sub(r"\W+", "-", name) + ".in")
        with open(input_path, "w") as f:
            f.write(text)
        print(row(f"{name} | bidirectional", eight, input_path, args.runs, False), flush=True)
        if with_plain:
            print(row(f"{name} | plain BFS", plain, input_path, max(1, args.runs // 3), True), flush=True)
    if args.check:
        test = ["cargo", "test", "--release", "--test", "suite", "--", "--ignored", "every_solvable_board"]
        subprocess.run(test, cwd=ROOT, check=True)


if __name__ == "__main__":
    main()
