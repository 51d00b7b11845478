#!/usr/bin/env python3
"""Benchmark for huarong_goal: on each test (or those named), three programs, each compiled with
`rustc --edition 2021 -O`:
- two-sided: the solution, src/bin/huarong_goal.rs;
- one-sided: the same file with the start side growing every turn, so that it meets the goal side's
  single root: a one-sided BFS over the same positions in the same table;
- plain BFS: the judge's reference alone (problems/huarong_goal/plain_bfs.rs).

Usage: python3 problems/huarong_goal/bench.py [--runs N] [TEST_PREFIX ...]
Cells are median wall ms / median CPU ms / positions visited over N runs of the whole process, the
three programs taking turns (A B C, A B C, ...) so that a machine that speeds up or slows down weighs
on all alike. CPU is the child's user + system time from wait4; wall runs from just before the spawn
to the reap, so it includes starting a process (about 1 ms here). Positions visited come from the
trace for the two solutions (each side's last count) and from the plain BFS's own count.
(`judge bench` measures the two solutions through the judge's launcher: see the README.)
"""
import argparse, os, re, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "target", "bench", "huarong_goal")
TESTS = os.path.join(ROOT, "problems", "huarong_goal", "tests")
SOLUTION = os.path.join(ROOT, "src", "bin", "huarong_goal.rs")
# The start side grows every turn.
ONE_SIDED = (
    "let goal_grows = goal.frontier().len() < start.frontier().len();",
    "let goal_grows = false;",
)


def compile_rs(source, name):
    binary = os.path.join(OUT, name)
    subprocess.run(["rustc", "--edition", "2021", "-O", "-o", binary, source], check=True)
    return binary


def one_sided():
    with open(SOLUTION) as f:
        source = f.read()
    old, new = ONE_SIDED
    if old not in source:
        sys.exit(f"src/bin/huarong_goal.rs no longer contains `{old}`: update ONE_SIDED")
    path = os.path.join(OUT, "one_sided.rs")
    with open(path, "w") as f:
        f.write(source.replace(old, new))
    return path


def run(binary, input_path, env=None):
    """One run: (wall ms, CPU ms, stdout, stderr)."""
    with open(input_path, "rb") as stdin:
        started = time.perf_counter()
        child = subprocess.Popen([binary], stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        stdout, stderr = child.stdout.read(), child.stderr.read()
        _, status, usage = os.wait4(child.pid, 0)
        wall = (time.perf_counter() - started) * 1000
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        sys.exit(f"{binary} failed on {input_path}: {stderr.decode(errors='replace')}")
    return wall, (usage.ru_utime + usage.ru_stime) * 1000, stdout.decode(), stderr.decode()


def visited(binary, input_path, traced):
    if not traced:
        return int(re.search(r"visited (\d+)", run(binary, input_path)[3]).group(1))
    stderr = run(binary, input_path, dict(os.environ, BFS_TRACE="1"))[3]
    last = {side: int(n) for side, n in re.findall(r"(start|goal) depth \d+: frontier \d+, visited (\d+)", stderr)}
    if not last:
        return 1  # solved already: the start was packed and compared, nothing searched
    return last.get("start", 1) + last.get("goal", 1)  # a side never grown still holds its root


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("tests", nargs="*", help="test name prefixes (default: every test)")
    args = parser.parse_args()
    os.makedirs(OUT, exist_ok=True)
    programs = [
        ("two-sided", compile_rs(SOLUTION, "two_sided"), True),
        ("one-sided", compile_rs(one_sided(), "one_sided"), True),
        ("plain BFS", compile_rs(os.path.join(ROOT, "problems/huarong_goal/plain_bfs.rs"), "plain_bfs"), False),
    ]
    names = sorted(f[:-3] for f in os.listdir(TESTS) if f.endswith(".in"))
    names = [n for n in names if not args.tests or any(n.startswith(t) for t in args.tests)]
    print(f"medians of {args.runs} runs of the whole process; cells are wall ms / CPU ms / positions visited\n")
    print("| test | " + " | ".join(name for name, _, _ in programs) + " |")
    print("|---|" + "---:|" * len(programs))
    for name in names:
        path = os.path.join(TESTS, name + ".in")
        times = [[] for _ in programs]
        for _ in range(args.runs):
            for i, (_, binary, _) in enumerate(programs):
                wall, cpu, _, _ = run(binary, path)
                times[i].append((wall, cpu))
        cells = []
        for (_, binary, traced), runs in zip(programs, times):
            wall = statistics.median(w for w, _ in runs)
            cpu = statistics.median(c for _, c in runs)
            cells.append(f"{wall:.1f} / {cpu:.1f} / {visited(binary, path, traced):,}")
        print(f"| {name} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
