//! The judge's only `unsafe`: hand-declared libc calls for reaping, killing and limiting a child.
//! std already links libc, so declaring the few symbols we need keeps the judge free of crates.
//! The struct layouts below are those of Linux on 64-bit targets and nothing else.

use std::ffi::c_int;
use std::io;
use std::os::unix::process::CommandExt;
use std::process::Command;

const SIGKILL: c_int = 9;
const RLIMIT_CPU: c_int = 0;
const RLIMIT_FSIZE: c_int = 1;
const RLIMIT_CORE: c_int = 4;
const RLIMIT_AS: c_int = 9;

#[repr(C)]
struct Timeval {
    tv_sec: i64,
    tv_usec: i64,
}

const NO_TIME: Timeval = Timeval {
    tv_sec: 0,
    tv_usec: 0,
};

#[repr(C)]
struct Rusage {
    ru_utime: Timeval,
    ru_stime: Timeval,
    /// `ru_maxrss` is element 0; the other thirteen counters are unused here.
    counters: [i64; 14],
}

// Elsewhere these layouts are wrong and the kernel would write past them, so refuse to build at all.
#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
compile_error!("judge/sys.rs declares struct layouts for 64-bit Linux only");

#[repr(C)]
struct Rlimit {
    rlim_cur: u64,
    rlim_max: u64,
}

const WNOHANG: c_int = 1;
const PR_SET_PDEATHSIG: c_int = 1;
const PR_SET_CHILD_SUBREAPER: c_int = 36;

extern "C" {
    fn wait4(pid: i32, status: *mut c_int, options: c_int, rusage: *mut Rusage) -> i32;
    fn kill(pid: i32, sig: c_int) -> c_int;
    fn setrlimit(resource: c_int, rlim: *const Rlimit) -> c_int;
    fn prctl(option: c_int, arg2: std::ffi::c_ulong, ...) -> c_int;
}

/// Makes this process adopt every orphan among its descendants (instead of init), so that even a
/// grandchild that left the process group with `setsid` can be found and killed by `kill_orphans`.
pub fn adopt_orphans() -> io::Result<()> {
    // SAFETY: prctl with an integer argument touches no memory of ours.
    match unsafe { prctl(PR_SET_CHILD_SUBREAPER, 1) } {
        0 => Ok(()),
        _ => Err(io::Error::last_os_error()),
    }
}

/// Kills and reaps every remaining child of this process (orphans it adopted included), until none.
pub fn kill_orphans() {
    let mut status: c_int = 0;
    loop {
        // SAFETY: a null rusage pointer is allowed; `status` is a live local.
        match unsafe { wait4(-1, &mut status, WNOHANG, std::ptr::null_mut()) } {
            -1 => return, // no child at all: the common case, and no /proc scan needed
            0 => {
                for pid in children_of(std::process::id()) {
                    // SAFETY: kill takes no pointers; these are our own children, not yet reaped.
                    unsafe { kill(pid, SIGKILL) };
                }
                // SAFETY: as above; this blocks until one of them is gone.
                unsafe { wait4(-1, &mut status, 0, std::ptr::null_mut()) };
            }
            _ => {} // reaped one that had ended; look again
        }
    }
}

/// The pids whose parent is `parent`, from /proc (field 4 of /proc/PID/stat).
fn children_of(parent: u32) -> Vec<i32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    let parent_of = |pid: &str| {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        let after_name = &stat[stat.rfind(')')? + 1..]; // the name may hold spaces and parentheses
        after_name.split_whitespace().nth(1)?.parse::<u32>().ok()
    };
    let pids = entries.filter_map(|e| e.ok()?.file_name().into_string().ok());
    pids.filter(|pid| parent_of(pid) == Some(parent))
        .filter_map(|pid| pid.parse().ok())
        .collect()
}

/// Makes `cmd`'s child receive SIGKILL when the thread that started it dies, so that killing the
/// judge (Ctrl-C) takes its runs with it.
pub fn die_with_parent(cmd: &mut Command) {
    // SAFETY: prctl with integer arguments is async-signal-safe and allocates nothing.
    unsafe {
        cmd.pre_exec(
            || match prctl(PR_SET_PDEATHSIG, SIGKILL as std::ffi::c_ulong) {
                0 => Ok(()),
                _ => Err(io::Error::last_os_error()),
            },
        );
    }
}

/// How a reaped child ended: its exit code, or the number of the signal that killed it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Exited(i32),
    Signaled(i32),
}

/// Resources a reaped child used, including any descendants it reaped itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Usage {
    /// User plus system CPU time, microseconds.
    pub cpu_us: u64,
    /// Peak resident set size (`ru_maxrss`), KiB.
    pub peak_kib: u64,
}

/// Blocks until child `pid` ends, reaps it, and returns how it ended and what it used.
pub fn wait_child(pid: u32) -> io::Result<(Status, Usage)> {
    let pid = i32::try_from(pid)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "pid out of range"))?;
    let mut status: c_int = 0;
    let mut usage = Rusage {
        ru_utime: NO_TIME,
        ru_stime: NO_TIME,
        counters: [0; 14],
    };
    loop {
        // SAFETY: both pointers refer to live, correctly laid out locals for the duration of the call.
        let ret = unsafe { wait4(pid, &mut status, 0, &mut usage) };
        if ret == pid {
            return Ok((decode_status(status), decode_usage(&usage)));
        }
        let err = io::Error::last_os_error();
        if err.kind() != io::ErrorKind::Interrupted {
            return Err(err);
        }
    }
}

fn decode_status(status: c_int) -> Status {
    if status & 0x7f == 0 {
        Status::Exited((status >> 8) & 0xff)
    } else {
        Status::Signaled(status & 0x7f)
    }
}

fn decode_usage(usage: &Rusage) -> Usage {
    let micros = |t: &Timeval| t.tv_sec.saturating_mul(1_000_000).saturating_add(t.tv_usec);
    let cpu_us = micros(&usage.ru_utime).saturating_add(micros(&usage.ru_stime));
    Usage {
        cpu_us: u64::try_from(cpu_us).unwrap_or(0),
        peak_kib: u64::try_from(usage.counters[0]).unwrap_or(0),
    }
}

/// Sends SIGKILL to every process in group `pgid`; a group that is already gone is not an error.
pub fn kill_group(pgid: u32) {
    // kill(0, ..) would hit the judge's own group and kill(-1, ..) every process we may signal.
    let pgid = match i32::try_from(pgid) {
        Ok(pgid) if pgid > 1 => pgid,
        _ => return,
    };
    // The result is ignored: ESRCH means the group is already gone, and the only other failure, EPERM,
    // leaves nothing further a caller could try.
    // SAFETY: kill takes no pointers; the worst a wrong pgid can do is signal an unrelated group.
    unsafe {
        kill(-pgid, SIGKILL);
    }
}

/// Kernel limits a child takes on before exec; `u64::MAX` is no limit (RLIM_INFINITY).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChildLimits {
    /// Address space, bytes: past it an allocation fails.
    pub address_space_bytes: u64,
    /// CPU time, whole seconds: past it SIGXCPU, a second later SIGKILL.
    pub cpu_seconds: u64,
    /// Size of any file it writes, bytes: past it SIGXFSZ.
    pub file_bytes: u64,
}

/// Makes `cmd`'s child, before exec, take on `limits` and drop core dumps.
pub fn limit_child(cmd: &mut Command, limits: ChildLimits) {
    let apply = move || {
        set_limit(RLIMIT_CORE, 0, 0)?;
        set_limit(
            RLIMIT_AS,
            limits.address_space_bytes,
            limits.address_space_bytes,
        )?;
        set_limit(RLIMIT_FSIZE, limits.file_bytes, limits.file_bytes)?;
        // The soft limit sends SIGXCPU; the hard one a second later is a SIGKILL for programs that catch it.
        let cpu = limits.cpu_seconds;
        set_limit(RLIMIT_CPU, cpu, cpu.saturating_add(1))
    };
    // SAFETY: the closure only calls setrlimit and reads errno, both async-signal-safe, and never allocates.
    unsafe {
        cmd.pre_exec(apply);
    }
}

fn set_limit(resource: c_int, soft: u64, hard: u64) -> io::Result<()> {
    // The kernel compares some limits as signed 64-bit numbers (a file size of 2^63 stops every write):
    // anything that large means no limit at all.
    let clamp = |n: u64| if n > i64::MAX as u64 { u64::MAX } else { n };
    let limit = Rlimit {
        rlim_cur: clamp(soft),
        rlim_max: clamp(hard),
    };
    // SAFETY: the pointer refers to a live, correctly laid out local for the duration of the call.
    if unsafe { setrlimit(resource, &limit) } == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// Names a Linux signal number (x86/ARM numbering) as people write it, "SIGSEGV", else "signal N".
pub fn signal_name(sig: i32) -> String {
    let name = match sig {
        1 => "SIGHUP",
        2 => "SIGINT",
        3 => "SIGQUIT",
        4 => "SIGILL",
        5 => "SIGTRAP",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        10 => "SIGUSR1",
        11 => "SIGSEGV",
        12 => "SIGUSR2",
        13 => "SIGPIPE",
        14 => "SIGALRM",
        15 => "SIGTERM",
        16 => "SIGSTKFLT",
        24 => "SIGXCPU",
        25 => "SIGXFSZ",
        26 => "SIGVTALRM",
        27 => "SIGPROF",
        31 => "SIGSYS",
        _ => return format!("signal {sig}"),
    };
    name.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;
    use std::process::Stdio;

    const NO_LIMITS: ChildLimits = ChildLimits {
        address_space_bytes: u64::MAX,
        cpu_seconds: u64::MAX,
        file_bytes: u64::MAX,
    };

    #[test]
    fn file_size_limit_stops_a_writer_with_sigxfsz() -> io::Result<()> {
        let path = std::env::temp_dir().join(format!("slidekit-fsize-{}", std::process::id()));
        let mut cmd = Command::new("yes");
        cmd.stdout(std::fs::File::create(&path)?);
        limit_child(
            &mut cmd,
            ChildLimits {
                file_bytes: 100_000,
                ..NO_LIMITS
            },
        );
        let (status, _) = reap(&mut cmd)?;
        let written = std::fs::metadata(&path)?.len();
        std::fs::remove_file(&path)?;
        assert_eq!(status, Status::Signaled(25));
        assert_eq!(written, 100_000);
        Ok(())
    }

    fn reap(cmd: &mut Command) -> io::Result<(Status, Usage)> {
        let child = cmd.spawn()?;
        wait_child(child.id())
    }

    fn sh(script: &str) -> Command {
        let mut cmd = Command::new("sh");
        cmd.args(["-c", script]);
        cmd
    }

    #[test]
    fn exit_code_is_decoded() -> io::Result<()> {
        assert_eq!(reap(&mut sh("exit 3"))?.0, Status::Exited(3));
        Ok(())
    }

    #[test]
    fn killing_signal_is_decoded_and_named() -> io::Result<()> {
        assert_eq!(reap(&mut sh("kill -SEGV $$"))?.0, Status::Signaled(11));
        assert_eq!(signal_name(11), "SIGSEGV");
        assert_eq!(signal_name(99), "signal 99");
        Ok(())
    }

    #[test]
    fn peak_memory_counts_touched_pages() -> io::Result<()> {
        let mut cmd = Command::new("python3");
        cmd.args(["-c", "b = b'x' * (50 << 20)"]);
        let (status, usage) = reap(&mut cmd)?;
        assert_eq!(status, Status::Exited(0));
        assert!(usage.peak_kib >= 50 * 1024, "peak {} KiB", usage.peak_kib);
        Ok(())
    }

    #[test]
    fn busy_loop_uses_cpu() -> io::Result<()> {
        let (status, usage) = reap(&mut sh("i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done"))?;
        assert_eq!(status, Status::Exited(0));
        assert!(usage.cpu_us > 0);
        Ok(())
    }

    #[test]
    fn address_space_limit_fails_big_allocations() -> io::Result<()> {
        let mut cmd = Command::new("python3");
        cmd.args(["-c", "b = bytearray(1 << 30)"])
            .stderr(Stdio::piped());
        let limits = ChildLimits {
            address_space_bytes: 256 << 20,
            ..NO_LIMITS
        };
        limit_child(
            &mut cmd,
            ChildLimits {
                cpu_seconds: 10,
                ..limits
            },
        );
        let mut child = cmd.spawn()?;
        let (status, _) = wait_child(child.id())?;
        let mut stderr = String::new();
        if let Some(pipe) = child.stderr.as_mut() {
            pipe.read_to_string(&mut stderr)?;
        }
        assert!(
            matches!(status, Status::Exited(code) if code != 0),
            "{status:?}"
        );
        assert!(stderr.contains("MemoryError"), "{stderr}");
        Ok(())
    }

    #[test]
    fn cpu_limit_sends_sigxcpu() -> io::Result<()> {
        let mut cmd = sh("while :; do :; done");
        limit_child(
            &mut cmd,
            ChildLimits {
                cpu_seconds: 1,
                ..NO_LIMITS
            },
        );
        let (status, usage) = reap(&mut cmd)?;
        assert_eq!(status, Status::Signaled(24));
        assert!(usage.cpu_us >= 900_000, "cpu {} us", usage.cpu_us);
        Ok(())
    }
}
