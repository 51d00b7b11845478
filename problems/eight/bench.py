#!/usr/bin/env python3
"""Benchmark for Eight: the bidirectional solution against a plain one-directional BFS, and against two C++ peers.

Usage: python3 problems/eight/bench.py [--runs N] [--peer-runs M] [--only-peers] [--ours FILE.rs] [--check]
Compiles the Rust programs with `rustc --edition 2021 -O` (as a judge does), runs each workload N times through
the judge's launcher and prints a Markdown table: median wall and CPU time of the whole process, from fork to
reap, peak RSS (max over runs), and states visited.
Then the peers (problems/eight/peers/, `g++ -O2 -std=c++17`): the 31-move board alone against IDA* with
Manhattan distance, and all 181,440 solvable boards against the HDU 1043 table, M runs each, the two programs
alternating run by run so that both see the same load; medians and the ratios ours / peer.
--check also runs the ignored all-181,440-boards test (`cargo test --release --test suite -- --ignored every_solvable_board`).
"""
import argparse, collections, os, random, re, statistics, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from benchlib import ROOT, compile_rs, measure, medians, out_dir, stderr_of  # noqa: E402

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


def compile_cpp(source, binary):
    """`g++ -O2 -std=c++17`, as the judge compiles C++."""
    subprocess.run(["g++", "-O2", "-std=c++17", "-o", binary, source], check=True)
    return binary


def peer_rows(name, ours, peer_name, peer, input_path, runs):
    """Both programs on one input, alternating run by run: two table rows and the ratio row."""
    times = {ours: [], peer: []}
    for _ in range(runs):
        for binary in (ours, peer):
            wall, cpu, _, _, _ = measure(binary, input_path, OUT, cpu_ms=20000)
            times[binary].append((wall, cpu))
    wall = {b: statistics.median(t[0] for t in ts) for b, ts in times.items()}
    cpu = {b: statistics.median(t[1] for t in ts) for b, ts in times.items()}
    return [
        f"| {name} | bidirectional (ours) | {wall[ours]:.2f} | {cpu[ours]:.2f} |",
        f"| {name} | {peer_name} | {wall[peer]:.2f} | {cpu[peer]:.2f} |",
        f"| {name} | ours / peer | {wall[ours] / wall[peer]:.2f}× | {cpu[ours] / cpu[peer]:.2f}× |",
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
    parser.add_argument("--peer-runs", type=int, default=11)
    parser.add_argument("--ours", default="src/bin/eight.rs", help="the solution to measure")
    parser.add_argument("--only-peers", action="store_true", help="skip the table against the plain BFS")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    print("command: python3 problems/eight/bench.py " + " ".join(sys.argv[1:]) + "\n")
    eight = compile_rs(os.path.join(ROOT, args.ours), os.path.join(OUT, "eight"))
    if not args.only_peers:
        plain_table(eight, args.runs)
    peers = os.path.join(ROOT, "problems/eight/peers")
    ida = compile_cpp(os.path.join(peers, "ida_star.cpp"), os.path.join(OUT, "ida_star"))
    table = compile_cpp(os.path.join(peers, "table.cpp"), os.path.join(OUT, "table"))
    print(f"\nagainst the C++ peers: medians of {args.peer_runs} runs each, alternating, whole process\n")
    print("| workload | program | wall ms | CPU ms |")
    print("|---|---|---:|---:|")
    loads = {name: path for name, path in write_inputs()}
    for name, peer_name, peer in [("empty input (process start-up)", "IDA*, Manhattan (C++)", ida),
                                  ("8 6 7 2 5 4 3 x 1 (31 moves)", "IDA*, Manhattan (C++)", ida),
                                  ("all 181,440 solvable boards", "HDU 1043 table (C++)", table)]:
        for line in peer_rows(name, eight, peer_name, peer, loads[name], args.peer_runs):
            print(line, flush=True)
    if args.check:
        test = ["cargo", "test", "--release", "--test", "suite", "--", "--ignored", "every_solvable_board"]
        subprocess.run(test, cwd=ROOT, check=True)


def write_inputs():
    """Each workload's input file: (name, path)."""
    inputs = []
    for name, text, _ in workloads():
        input_path = os.path.join(OUT, re.sub(r"\W+", "-", name) + ".in")
        with open(input_path, "w") as f:
            f.write(text)
        inputs.append((name, input_path))
    return inputs


def plain_table(eight, runs):
    plain = compile_rs(os.path.join(ROOT, "problems/eight/plain_bfs.rs"), os.path.join(OUT, "plain_bfs"))
    print(f"medians of {runs} runs (plain BFS: {max(1, runs // 3)}), whole process\n")
    print("| workload | program | wall ms | CPU ms | peak RSS MB | states visited |")
    print("|---|---|---:|---:|---:|---:|")
    versus_plain = {name: versus for name, _, versus in workloads()}
    for name, input_path in write_inputs():
        print(row(f"{name} | bidirectional", eight, input_path, runs, False), flush=True)
        if versus_plain[name]:
            print(row(f"{name} | plain BFS", plain, input_path, max(1, runs // 3), True), flush=True)


if __name__ == "__main__":
    main()
