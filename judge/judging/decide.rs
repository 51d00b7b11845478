//! How a run and its checked answer turn into a verdict. Pure: no processes, no clocks.

use crate::model::execution::{Accounting, Execution, Stop};
use crate::model::limits::Limits;
use crate::model::reason::{Reason, RunFault, TestFault};
use crate::model::status::{Status, SIGABRT, SIGBUS, SIGSEGV, SIGXFSZ};
use crate::model::verdict::{Checked, Cost, Finding, Verdict};

/// How common runtimes report a failed allocation (under the address-space cap): the status they end
/// with and how a line of their stderr starts. Rust and C++ abort; Python exits 1.
const OUT_OF_MEMORY: [(Status, &str); 3] = [
    (Status::Signaled(SIGABRT), "memory allocation of "),
    (
        Status::Signaled(SIGABRT),
        "terminate called after throwing an instance of 'std::bad_alloc'",
    ),
    (Status::Exited(1), "MemoryError"),
];

/// Whether the run died of a failed allocation: its status and a whole stderr line must both say so,
/// so a program that merely mentions "MemoryError" in passing is not taken for one. Any line counts,
/// since a backtrace may follow the message.
fn ran_out_of_memory(run: &Execution) -> bool {
    let status = run.measured.status;
    run.stderr.lines().any(|line| {
        OUT_OF_MEMORY
            .iter()
            .any(|&(s, start)| s == status && line.trim_start().starts_with(start))
    })
}

/// The verdict a run earns before its answer is read, if any: the first limit it broke, else how it
/// crashed. `None` means it ended cleanly within every limit, so its output decides.
pub fn from_run(run: &Execution, limits: &Limits) -> Option<(Verdict, Reason)> {
    let (verdict, fault) = run_fault(run, limits)?;
    Some((verdict, Reason::Run(fault)))
}

fn run_fault(run: &Execution, limits: &Limits) -> Option<(Verdict, RunFault)> {
    if let Some(why) = &run.lost {
        return Some((Verdict::RuntimeError, RunFault::Lost(why.clone())));
    }
    let m = &run.measured;
    if m.stopped == Some(Stop::Cpu) || m.cpu_ms > limits.cpu_ms as f64 {
        let (used_ms, limit_ms) = (m.cpu_ms, limits.cpu_ms);
        return Some((Verdict::TimeLimit, RunFault::Cpu { used_ms, limit_ms }));
    }
    if m.stopped == Some(Stop::Wall) {
        let (limit_ms, cpu_ms) = (limits.wall_ms(), m.cpu_ms);
        return Some((Verdict::TimeLimit, RunFault::Wall { limit_ms, cpu_ms }));
    }
    if m.stopped == Some(Stop::UncountedChildren) {
        return Some((Verdict::RuntimeError, RunFault::UncountedChildren));
    }
    if run.output_exceeded || m.stopped == Some(Stop::Output) {
        let limit_bytes = limits.output_bytes;
        return Some((Verdict::OutputLimit, RunFault::Output { limit_bytes }));
    }
    if m.stopped == Some(Stop::Disk) {
        let (limit_bytes, limit_files) = (limits.folder_bytes(), Limits::FOLDER_FILES);
        let fault = RunFault::Disk {
            limit_bytes,
            limit_files,
        };
        return Some((Verdict::OutputLimit, fault));
    }
    if m.stopped == Some(Stop::Memory) || m.peak_kib > limits.memory_kib {
        let (peak_kib, limit_kib) = (m.peak_kib, limits.memory_kib);
        let fault = RunFault::Memory {
            peak_kib,
            limit_kib,
        };
        return Some((Verdict::MemoryLimit, fault));
    }
    if m.stopped == Some(Stop::MemoryCap) {
        let (cap_bytes, peak_kib) = (limits.cgroup_cap_bytes(), m.peak_kib);
        let fault = RunFault::MemoryCap {
            cap_bytes,
            peak_kib,
        };
        return Some((Verdict::MemoryLimit, fault));
    }
    crash(run, limits)
}

/// How a run that broke no limit crashed, if it did. Only a run without a cgroup had an
/// address-space cap, where a failed allocation may be the cause.
fn crash(run: &Execution, limits: &Limits) -> Option<(Verdict, RunFault)> {
    let capped = run.measured.accounting == Accounting::Polling;
    let cap_mib = limits.address_space_bytes() >> 20;
    let status = run.measured.status;
    match status {
        Status::Exited(0) => return None,
        // Stdout past the limit was OLE before, so a file-size signal here means another file.
        Status::Signaled(SIGXFSZ) => {
            let fault = RunFault::FileTooLarge {
                limit_bytes: limits.file_bytes(),
            };
            return Some((Verdict::RuntimeError, fault));
        }
        _ => {}
    }
    if ran_out_of_memory(run) {
        let cap_mib = capped.then_some(cap_mib);
        let fault = RunFault::AllocationFailed { cap_mib, status };
        return Some((Verdict::MemoryLimit, fault));
    }
    // A C program that gets NULL from malloc may crash, or exit without a word: say where the cap
    // is. One that said why it exited (a panic, a traceback, a message) did not die of that.
    let silent = run.stderr.trim().is_empty();
    let cap_mib = match status {
        Status::Signaled(SIGSEGV | SIGABRT | SIGBUS) if capped => Some(cap_mib),
        Status::Exited(_) if capped && silent => Some(cap_mib),
        _ => None,
    };
    let stack_mib = run.measured.stack_capped_mib(limits);
    let stack_mib = stack_mib.filter(|_| status == Status::Signaled(SIGSEGV));
    let fault = RunFault::Crashed {
        status,
        cap_mib,
        stack_mib,
    };
    Some((Verdict::RuntimeError, fault))
}

/// A checker's finding as a verdict and cost; `Err` when it found the test itself broken.
pub fn from_check(checked: Checked) -> Result<(Finding, Option<Cost>), TestFault> {
    match checked {
        Checked::Accepted(cost) => Ok((Finding::verdict(Verdict::Accepted, None), Some(cost))),
        Checked::Wrong { rejection, cost } => {
            let reason = Some(Reason::Rejected(rejection));
            Ok((Finding::verdict(Verdict::WrongAnswer, reason), cost))
        }
        Checked::BadTest(fault) => Err(fault),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::execution::{Accounting, Measurement, Sandbox};
    use crate::model::reason::{Kind, Place, Rejection};
    use crate::model::status::SIGKILL;

    const LIMITS: Limits = Limits {
        cpu_ms: 1000,
        memory_kib: 65536,
        output_bytes: 1 << 20,
    };

    fn clean() -> Execution {
        Execution {
            measured: Measurement {
                status: Status::Exited(0),
                cpu_ms: 10.0,
                wall_ms: 12.0,
                peak_kib: 2048,
                stopped: None,
                sandbox: Sandbox::Namespaces,
                accounting: Accounting::Polling,
                stack_kib: 65536,
            },
            output_exceeded: false,
            stdout: Vec::new(),
            stderr: String::new(),
            lost: None,
        }
    }

    fn ended(status: Status, stopped: Option<Stop>, stderr: &str) -> Execution {
        let mut run = clean();
        run.measured.status = status;
        run.measured.stopped = stopped;
        run.stderr = stderr.into();
        run
    }

    fn verdict(run: Execution) -> Option<(Verdict, String)> {
        from_run(&run, &LIMITS).map(|(verdict, reason)| (verdict, reason.to_string()))
    }

    #[test]
    fn a_clean_run_leaves_the_verdict_to_the_checker() {
        assert_eq!(verdict(clean()), None);
    }

    #[test]
    fn time_is_judged_on_the_trees_cpu_or_its_wall_clock() {
        let mut slow = ended(Status::Signaled(24), None, "");
        slow.measured.cpu_ms = 1000.5;
        let why = "CPU 1000 ms over the 1000 ms limit";
        assert_eq!(verdict(slow), Some((Verdict::TimeLimit, why.into())));
        let mut stopped = ended(Status::Signaled(SIGKILL), Some(Stop::Cpu), "");
        stopped.measured.cpu_ms = 1009.0;
        let why = "CPU 1009 ms over the 1000 ms limit";
        assert_eq!(verdict(stopped), Some((Verdict::TimeLimit, why.into())));
        let asleep = ended(Status::Signaled(SIGKILL), Some(Stop::Wall), "");
        let why = "stopped at the 3000 ms wall-clock limit, having used 10 ms of CPU";
        assert_eq!(verdict(asleep), Some((Verdict::TimeLimit, why.into())));
    }

    #[test]
    fn a_full_folder_or_reserved_stdout_is_ole_however_it_ended() {
        let cap = LIMITS.folder_bytes() >> 20;
        let why =
            format!("the files it wrote filled its folder, which may hold {cap} MiB in 4096 files");
        for status in [
            Status::Exited(0),
            Status::Exited(1),
            Status::Signaled(SIGKILL),
        ] {
            let filled = ended(status, Some(Stop::Disk), "");
            assert_eq!(verdict(filled), Some((Verdict::OutputLimit, why.clone())));
            // Room reserved for stdout past the limit, its size still 0.
            let reserved = ended(status, Some(Stop::Output), "");
            let output = "output reached the 1 MiB limit".to_string();
            assert_eq!(verdict(reserved), Some((Verdict::OutputLimit, output)));
        }
    }

    #[test]
    fn a_met_cgroup_cap_names_the_cap_not_the_peak() {
        let mut capped = ended(Status::Signaled(SIGKILL), Some(Stop::MemoryCap), "");
        capped.measured.peak_kib = 1638;
        let cap = LIMITS.cgroup_cap_bytes() >> 20;
        let why = format!(
            "the run's cgroup met its {cap} MiB memory cap (memory.failcnt; it counts kernel \
             memory, pipe buffers and page cache too), its processes holding 1.6 MiB at most"
        );
        assert_eq!(verdict(capped.clone()), Some((Verdict::MemoryLimit, why)));
        // A peak past the limit is the reason, whoever stopped the run.
        capped.measured.peak_kib = 65537;
        let why = "peak memory 64.0 MiB over the 64 MiB limit";
        assert_eq!(verdict(capped), Some((Verdict::MemoryLimit, why.into())));
    }

    #[test]
    fn memory_is_judged_on_the_trees_peak_or_a_failed_allocation() {
        let mut hog = ended(Status::Signaled(SIGKILL), Some(Stop::Memory), "");
        hog.measured.peak_kib = 65537;
        let why = "peak memory 64.0 MiB over the 64 MiB limit";
        assert_eq!(verdict(hog), Some((Verdict::MemoryLimit, why.into())));
        // Rust's message, followed by a backtrace when RUST_BACKTRACE is set.
        let rust =
            "memory allocation of 314572800 bytes failed\nstack backtrace:\n  0: std::alloc\n";
        let refused = ended(Status::Signaled(SIGABRT), None, rust);
        let why = "an allocation failed at the 192 MiB address-space cap (killed by SIGABRT)";
        assert_eq!(verdict(refused), Some((Verdict::MemoryLimit, why.into())));
        let cpp = "terminate called after throwing an instance of 'std::bad_alloc'\n  what():  std::bad_alloc\n";
        let thrown = ended(Status::Signaled(SIGABRT), None, cpp);
        assert_eq!(verdict(thrown).map(|v| v.0), Some(Verdict::MemoryLimit));
        let python = "Traceback (most recent call last):\n  ...\nMemoryError\n";
        let python = ended(Status::Exited(1), None, python);
        assert_eq!(verdict(python).map(|v| v.0), Some(Verdict::MemoryLimit));
        let chatty = "debug: is MemoryError my favourite word? yes\n";
        let chatty = ended(Status::Exited(1), None, chatty);
        assert_eq!(verdict(chatty).map(|v| v.0), Some(Verdict::RuntimeError));
    }

    #[test]
    fn a_run_a_cgroup_counted_had_no_address_space_cap_to_name() {
        let counted = |status, stderr| {
            let mut run = ended(status, None, stderr);
            run.measured.accounting = Accounting::Cgroup;
            run.measured.peak_kib = 3000;
            verdict(run)
        };
        let why = "killed by SIGSEGV".to_string();
        let segv = counted(Status::Signaled(SIGSEGV), "");
        assert_eq!(segv, Some((Verdict::RuntimeError, why)));
        let exit = counted(Status::Exited(3), "");
        assert_eq!(exit, Some((Verdict::RuntimeError, "exit code 3".into())));
        // Refused by the kernel itself, there being no cap: out of memory all the same.
        let refused = counted(
            Status::Signaled(SIGABRT),
            "memory allocation of 8 bytes failed\n",
        );
        let why = "an allocation failed: the machine refused it (killed by SIGABRT)";
        assert_eq!(refused, Some((Verdict::MemoryLimit, why.into())));
    }

    #[test]
    fn an_exit_that_says_why_has_no_address_space_note() {
        let said = ended(Status::Exited(3), None, "bad input on line 2\n");
        let why = "exit code 3".to_string();
        assert_eq!(verdict(said), Some((Verdict::RuntimeError, why)));
        let panicked = ended(
            Status::Exited(101),
            None,
            "thread 'main' panicked at src/main.rs\n",
        );
        let why = "exit code 101".to_string();
        assert_eq!(verdict(panicked), Some((Verdict::RuntimeError, why)));
    }

    #[test]
    fn a_segfault_on_a_capped_stack_names_the_cap() {
        let on_a_stack = |status, stack_kib| {
            let mut run = ended(status, None, "");
            run.measured.accounting = Accounting::Cgroup;
            run.measured.stack_kib = stack_kib;
            verdict(run).map(|(_, why)| why)
        };
        let capped = "killed by SIGSEGV (stack overflow? its stack was 8 MiB, capped by the \
                      caller's hard limit)";
        let segv = Status::Signaled(SIGSEGV);
        assert_eq!(on_a_stack(segv, 8192).as_deref(), Some(capped));
        // The promise kept, or another way to die: nothing about the stack.
        let promised = LIMITS.stack_bytes() / 1024;
        assert_eq!(
            on_a_stack(segv, promised).as_deref(),
            Some("killed by SIGSEGV")
        );
        let abort = on_a_stack(Status::Signaled(SIGABRT), 8192);
        assert_eq!(abort.as_deref(), Some("killed by SIGABRT"));
    }

    #[test]
    fn crashes_name_the_signal_or_exit_code_and_where_the_cap_is() {
        let note = " (each process may map at most 192 MiB: a larger allocation fails)";
        let segv = ended(Status::Signaled(SIGSEGV), None, "");
        let why = format!("killed by SIGSEGV{note}");
        assert_eq!(verdict(segv), Some((Verdict::RuntimeError, why)));
        let exit = ended(Status::Exited(3), None, "");
        let why = format!("exit code 3{note}");
        assert_eq!(verdict(exit), Some((Verdict::RuntimeError, why)));
        let killed = ended(Status::Signaled(SIGKILL), None, "");
        let why = "killed by SIGKILL".to_string();
        assert_eq!(verdict(killed), Some((Verdict::RuntimeError, why)));
    }

    #[test]
    fn a_flood_is_ole_on_stdout_and_re_on_stderr() {
        let mut flood = ended(Status::Signaled(SIGXFSZ), None, "");
        flood.output_exceeded = true;
        let why = "output reached the 1 MiB limit";
        assert_eq!(verdict(flood), Some((Verdict::OutputLimit, why.into())));
        let file = ended(Status::Signaled(SIGXFSZ), None, "");
        let why = "killed by SIGXFSZ: a file it wrote passed the 1 MiB file-size limit";
        assert_eq!(verdict(file), Some((Verdict::RuntimeError, why.into())));
    }

    #[test]
    fn a_run_without_a_report_is_a_crash_that_says_why() {
        let mut lost = clean();
        lost.lost = Some("its launcher did not report within 5000 ms".into());
        let why = "its launcher did not report within 5000 ms".to_string();
        assert_eq!(verdict(lost), Some((Verdict::RuntimeError, why)));
    }

    #[test]
    fn checker_findings_become_verdicts_and_broken_tests_stay_apart() {
        let cost = Cost {
            moves: 21,
            optimum: 19,
        };
        let rejection = Rejection::not_optimal(Place::Case(0), 21, 19);
        let wrong = Checked::Wrong {
            rejection: rejection.clone(),
            cost: Some(cost),
        };
        let reason = Some(Reason::Rejected(rejection));
        let expected = Finding::verdict(Verdict::WrongAnswer, reason);
        assert_eq!(from_check(wrong), Ok((expected, Some(cost))));
        let broken = TestFault::Broken("x".into());
        assert_eq!(from_check(Checked::BadTest(broken.clone())), Err(broken));
        let missing = Checked::wrong(Rejection::new(
            Place::Case(1),
            Kind::Missing,
            "missing answer",
        ));
        let found = from_check(missing).map(|(f, _)| f.failing_case());
        assert_eq!(found, Ok(Some(1)));
        let ok = from_check(Checked::Accepted(cost)).map(|(f, _)| f.accepted());
        assert_eq!(ok, Ok(true));
    }
}
