#!/usr/bin/env python3
"""Benchmark for 华容道 (NOIP 2013): our solution against the standard published one (peers/spfa.cpp).

Usage: python3 problems/noip_huarong/bench.py [--runs N] [--tests 007 008 009]
Compiles src/bin/noip_huarong.rs with `rustc --edition 2021 -O` and peers/spfa.cpp with
`g++ -O2 -std=c++17` (as judges do) into a temporary folder. First both must answer every test in
problems/noip_huarong/tests as its .ans says. Then, per test, the two run alternately, N times each
(the first to run swaps every round), each run through the judge's launcher as the judge runs it:
CPU is the child's user + sys time from the kernel (getrusage of the reaped child), wall is fork to
reap, and every run's answers are checked again. Prints a Markdown table of medians and the ratios
ours / peer, and whether the goal holds: ours at most GOAL times the peer's CPU on every test.
Exit status 1 if any run answers wrongly or fails.
"""
import argparse, os, platform, shlex, statistics, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from benchlib import ROOT, Failed, compile_rs, measure, out_dir  # noqa: E402

TESTS = os.path.join(ROOT, "problems", "noip_huarong", "tests")
PEER = os.path.join(ROOT, "problems", "noip_huarong", "peers", "spfa.cpp")
GOAL = 0.7


def compile_cpp(source, binary):
    """`g++ -O2 -std=c++17`, as the judge compiles a C++ submission."""
    subprocess.run(["g++", "-O2", "-std=c++17", "-o", binary, source], check=True)
    return binary


def test_path(name):
    """The .in file of a test named by its number (`007`) or its whole name."""
    found = [f for f in sorted(os.listdir(TESTS)) if f.endswith(".in") and f.startswith(name)]
    if len(found) != 1:
        sys.exit(f"no single test in {TESTS} starts with `{name}`: give its number, like 007")
    return os.path.join(TESTS, found[0])


def expected(input_path):
    """The answers the .ans file gives, as the program prints them (`unsolvable` is -1)."""
    with open(input_path[:-3] + ".ans") as f:
        return ["-1" if line.strip() == "unsolvable" else line.strip() for line in f if line.strip()]


def check(name, stdout, input_path):
    """Raises Failed naming the first query where `stdout` differs from the .ans file."""
    got, want = stdout.split(), expected(input_path)
    for i, (a, b) in enumerate(zip(got, want), 1):
        if a != b:
            raise Failed(f"{name} on {os.path.basename(input_path)}: query {i}: answered {a}, expected {b}")
    if len(got) != len(want):
        raise Failed(f"{name} on {os.path.basename(input_path)}: {len(got)} answers, expected {len(want)}")


def interleaved(programs, input_path, scratch, runs):
    """{name: [(wall ms, cpu ms), ...]}: the programs run by turns, the first swapped every round."""
    times = {name: [] for name, _ in programs}
    for round_ in range(runs):
        order = programs if round_ % 2 == 0 else programs[::-1]
        for name, binary in order:
            wall, cpu, _, stdout, _ = measure(binary, input_path, scratch, cpu_ms=20000)
            check(name, stdout, input_path)
            times[name].append((wall, cpu))
    return times


def median(times, which):
    return statistics.median(t[which] for t in times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--tests", nargs="+", default=["007", "008", "009"])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=out_dir("noip_huarong")) as scratch:
        ours = compile_rs(os.path.join(ROOT, "src/bin/noip_huarong.rs"), os.path.join(scratch, "ours"))
        peer = compile_cpp(PEER, os.path.join(scratch, "spfa"))
        programs = [("ours", ours), ("peer", peer)]
        every = [os.path.join(TESTS, f) for f in sorted(os.listdir(TESTS)) if f.endswith(".in")]
        for path in every:
            for name, binary in programs:
                with open(path, "rb") as stdin:
                    check(name, subprocess.run([binary], stdin=stdin, capture_output=True, check=True).stdout.decode(), path)
        print(f"both answer all {len(every)} tests as the .ans files say\n")
        print(f"command: python3 problems/noip_huarong/bench.py {shlex.join(sys.argv[1:])}".rstrip())
        print(f"machine: {os.cpu_count()} cores, {platform.machine()}, load average {os.getloadavg()[0]:.2f} at the start")
        print(f"medians of {args.runs} runs each, interleaved; CPU = user + sys of the whole process\n")
        print("| test | ours CPU ms | peer CPU ms | CPU ours/peer | ours wall ms | peer wall ms | wall ours/peer |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        ratios = []
        for name in args.tests:
            path = test_path(name)
            times = interleaved(programs, path, scratch, args.runs)
            cpu = [median(times[p], 1) for p, _ in programs]
            wall = [median(times[p], 0) for p, _ in programs]
            ratios.append(cpu[0] / cpu[1])
            print(f"| {os.path.basename(path)[:-3]} | {cpu[0]:.1f} | {cpu[1]:.1f} | {cpu[0] / cpu[1]:.2f} "
                  f"| {wall[0]:.1f} | {wall[1]:.1f} | {wall[0] / wall[1]:.2f} |", flush=True)
        print(f"\nload average {os.getloadavg()[0]:.2f} at the end")
        met = all(r <= GOAL for r in ratios)
        print(f"goal, ours at most {GOAL}x the peer's CPU on every test: {'met' if met else 'NOT met'}"
              f" (worst ratio {max(ratios):.2f})")


if __name__ == "__main__":
    try:
        main()
    except Failed as failure:
        sys.exit(f"bench.py: {failure}")
