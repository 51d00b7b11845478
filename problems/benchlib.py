"""Shared by the problems' bench.py scripts: compile as a judge does, and measure a whole process
through the judge's own launcher (`judge __launch`), so benchmark figures and judge figures are one
method.

The launcher is a small fresh process that forks the program, reaps it with wait4 and reports its CPU,
wall time from fork to reap and peak RSS. (A child's ru_maxrss also counts the pages of the process
that forked it, so forking from Python would inflate it.)
"""
import os, statistics, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
JUDGE = os.path.join(ROOT, "target", "release", "judge")
NO_LIMIT = str(2**64 - 1)  # RLIM_INFINITY


class Failed(Exception):
    """A measured program did not exit 0 (killed by the wall limit, say)."""


def out_dir(problem):
    path = os.path.join(ROOT, "target", "bench", problem)
    os.makedirs(path, exist_ok=True)
    subprocess.run(["cargo", "build", "--quiet", "--release", "--bin", "judge"], cwd=ROOT, check=True)
    return path


def compile_rs(source, binary):
    """`rustc --edition 2021 -O`, as the judge and online judges compile a solution."""
    subprocess.run(["rustc", "--edition", "2021", "-O", "-o", binary, source], check=True)
    return binary


def measure(binary, input_path, scratch, env=None, wall_ms=60000):
    """One run: (wall ms, cpu ms, peak KiB, stdout, stderr); exits if the program fails."""
    stdout, stderr = os.path.join(scratch, "stdout"), os.path.join(scratch, "stderr")
    command = [JUDGE, "__launch", NO_LIMIT, "60", NO_LIMIT, str(wall_ms), input_path, stdout, stderr, scratch, binary]
    report = subprocess.run(command, capture_output=True, text=True, env=env, check=True).stdout
    fields = dict(line.split(" ", 1) for line in report.splitlines())
    if fields["status"] != "exited 0":
        raise Failed(f"{os.path.basename(binary)} {fields['status']} after {int(fields['wall_us']) // 1000} ms")
    with open(stdout) as out, open(stderr) as err:
        texts = out.read(), err.read()
    return (int(fields["wall_us"]) / 1000, int(fields["cpu_us"]) / 1000, int(fields["peak_kib"])) + texts


def medians(binary, input_path, scratch, runs):
    """(median wall ms, median cpu ms, max peak MB) over `runs` runs."""
    results = [measure(binary, input_path, scratch, wall_ms=20000) for _ in range(runs)]
    wall = statistics.median(r[0] for r in results)
    cpu = statistics.median(r[1] for r in results)
    return wall, cpu, max(r[2] for r in results) / 1024
