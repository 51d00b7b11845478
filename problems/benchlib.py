"""Shared by the problems' bench.py scripts: compile as a judge does, and measure a whole process
through the judge's own launcher (`judge __launch`), so benchmark figures and judge figures are one
method.

The launcher is a small fresh process that contains the program as the judge does (judge/run/launcher.rs)
and reports its CPU, wall time and peak RSS, then its output. (A child's ru_maxrss also counts the pages of the process
that forked it, so forking from Python would inflate it.)
"""
import os, shutil, statistics, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
JUDGE = os.path.join(ROOT, "target", "release", "judge")
UNAVAILABLE = 3  # the launcher's exit status when no sandbox can be built here


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


def measure(binary, input_path, scratch, env=None, cpu_ms=60000):
    """One run through the launcher, sandboxed as the judge runs it (or in its process-group fallback
    where no sandbox can be had): (wall ms, cpu ms, peak KiB, stdout, stderr). The program's stderr
    comes back as the launcher keeps it, its head and tail; `env` with BFS_TRACE set runs it traced,
    with up to 1 MiB of the trace. Raises Failed if the program does not exit 0."""
    mode = "traced" if env and env.get("BFS_TRACE") else "judge"
    run_dir = os.path.join(scratch, "run")
    for sandbox in ("1", "0"):
        shutil.rmtree(run_dir, ignore_errors=True)
        os.makedirs(run_dir, mode=0o700)
        # cpu ms, memory KiB, output bytes, sandbox, environment, stdin, folder, hidden folders, program
        command = [JUDGE, "__launch", str(cpu_ms), str(4 << 20), str(1 << 30), sandbox, mode,
                   input_path or "-", run_dir, "0", binary]
        launched = subprocess.run(command, capture_output=True)
        if launched.returncode != UNAVAILABLE:
            break
    if launched.returncode != 0:
        raise Failed(f"judge __launch exited {launched.returncode}: {launched.stderr.decode(errors='replace')}")
    fields, stdout, stderr = parse_report(launched.stdout)
    if fields["status"] != "exited 0":
        raise Failed(f"{os.path.basename(binary)} {fields['status']} after {int(fields['wall_us']) // 1000} ms")
    return (int(fields["wall_us"]) / 1000, int(fields["cpu_us"]) / 1000, int(fields["peak_kib"]),
            stdout.decode(), stderr.decode(errors="replace"))


def stderr_of(binary, input_path, env=None):
    """The program's whole stderr from a plain run (for counts from its trace, not for times)."""
    with open(input_path, "rb") as stdin:
        return subprocess.run([binary], stdin=stdin, capture_output=True, env=env, check=True).stderr.decode()


def parse_report(report):
    """The launcher's report: `name value` lines, then `stdout N` and `stderr N`, each followed by N bytes."""
    fields, blocks, rest = {}, {}, report
    while rest:
        line, rest = rest.split(b"\n", 1)
        name, value = line.decode().split(" ", 1)
        if name in ("stdout", "stderr"):
            blocks[name], rest = rest[:int(value)], rest[int(value):]
        else:
            fields[name] = value
    return fields, blocks["stdout"], blocks["stderr"]


def medians(binary, input_path, scratch, runs):
    """(median wall ms, median cpu ms, max peak MB) over `runs` runs."""
    results = [measure(binary, input_path, scratch, cpu_ms=20000) for _ in range(runs)]
    wall = statistics.median(r[0] for r in results)
    cpu = statistics.median(r[1] for r in results)
    return wall, cpu, max(r[2] for r in results) / 1024
