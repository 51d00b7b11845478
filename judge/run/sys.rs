//! The judge's only `unsafe`: hand-declared libc calls for namespaces, mounts, limits, signals and
//! reaping. std already links libc, so declaring the few symbols needed keeps the judge free of crates.
//! The struct layouts and constants below are those of Linux on 64-bit targets and nothing else.

use crate::model::status::Status;
use std::ffi::{c_char, c_int, c_long, c_uint, c_ulong, c_void, CString};
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::io::AsRawFd;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

// Elsewhere these layouts are wrong and the kernel would write past them, so refuse to build at all.
#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
compile_error!("judge/run/sys.rs declares struct layouts for 64-bit Linux only");

pub const SIGKILL: c_int = 9;
/// The launcher catches it to end its run's processes before it goes.
pub const SIGTERM: c_int = 15;
const RLIMIT_CPU: c_int = 0;
const RLIMIT_FSIZE: c_int = 1;
const RLIMIT_STACK: c_int = 3;
const RLIMIT_CORE: c_int = 4;
const RLIMIT_AS: c_int = 9;
const RUSAGE_CHILDREN: c_int = -1;
const WNOHANG: c_int = 1;
const PR_SET_PDEATHSIG: c_int = 1;
const PR_SET_DUMPABLE: c_int = 4;
const PR_SET_CHILD_SUBREAPER: c_int = 36;
const PR_SET_NO_NEW_PRIVS: c_int = 38;
/// prctl's arguments past the second are variadic: each must be passed as a full `c_ulong`.
const UNUSED: c_ulong = 0;
const CLONE_NEWNS: c_int = 0x0002_0000;
const CLONE_NEWUSER: c_int = 0x1000_0000;
const CLONE_NEWPID: c_int = 0x2000_0000;
const CLONE_NEWNET: c_int = 0x4000_0000;
const CLONE_NEWIPC: c_int = 0x0800_0000;
const CLONE_NEWUTS: c_int = 0x0400_0000;
const MS_RDONLY: c_ulong = 1;
const MS_NOSUID: c_ulong = 2;
const MS_NODEV: c_ulong = 4;
const MS_NOEXEC: c_ulong = 8;
const MS_BIND: c_ulong = 4096;
const MS_REC: c_ulong = 16384;
const MS_PRIVATE: c_ulong = 1 << 18;
const MNT_DETACH: c_int = 2;
/// pivot_root(2): x86-64 has its own table; arm64 and the newer 64-bit ports share the generic one.
#[cfg(target_arch = "x86_64")]
const SYS_PIVOT_ROOT: c_long = 155;
#[cfg(not(target_arch = "x86_64"))]
const SYS_PIVOT_ROOT: c_long = 41;
#[cfg(target_arch = "x86_64")]
const SYS_KEYCTL: c_long = 250;
#[cfg(not(target_arch = "x86_64"))]
const SYS_KEYCTL: c_long = 219;
const KEYCTL_JOIN_SESSION_KEYRING: c_long = 1;
const EPERM: i32 = 1;
const ENOSYS: i32 = 38;
const F_SETFD: c_int = 2;
const SC_CLK_TCK: c_int = 2;
const SC_PAGESIZE: c_int = 30;

#[repr(C)]
#[derive(Default)]
struct Timeval {
    tv_sec: i64,
    tv_usec: i64,
}

#[repr(C)]
#[derive(Default)]
struct Rusage {
    ru_utime: Timeval,
    ru_stime: Timeval,
    /// `ru_maxrss` is element 0; the other thirteen counters are unused here.
    counters: [i64; 14],
}

#[repr(C)]
#[derive(Default)]
struct Rlimit {
    rlim_cur: u64,
    rlim_max: u64,
}

extern "C" {
    fn wait4(pid: i32, status: *mut c_int, options: c_int, rusage: *mut Rusage) -> i32;
    fn getrusage(who: c_int, rusage: *mut Rusage) -> c_int;
    fn kill(pid: i32, sig: c_int) -> c_int;
    fn setrlimit(resource: c_int, rlim: *const Rlimit) -> c_int;
    fn getrlimit(resource: c_int, rlim: *mut Rlimit) -> c_int;
    fn setpriority(which: c_int, who: u32, prio: c_int) -> c_int;
    fn prctl(option: c_int, arg2: c_ulong, ...) -> c_int;
    fn unshare(flags: c_int) -> c_int;
    fn fork() -> i32;
    fn getuid() -> u32;
    fn getgid() -> u32;
    fn geteuid() -> u32;
    fn setsid() -> c_int;
    fn fstatfs(fd: c_int, buf: *mut c_long) -> c_int;
    fn pipe2(fds: *mut c_int, flags: c_int) -> c_int;
    fn write(fd: c_int, buf: *const c_void, count: usize) -> isize;
    fn chown(path: *const c_char, owner: u32, group: u32) -> c_int;
    fn setgroups(size: usize, list: *const u32) -> c_int;
    fn setresgid(r: u32, e: u32, s: u32) -> c_int;
    fn setresuid(r: u32, e: u32, s: u32) -> c_int;
    fn mount(
        source: *const c_char,
        target: *const c_char,
        fstype: *const c_char,
        flags: c_ulong,
        data: *const c_void,
    ) -> c_int;
    fn fcntl(fd: c_int, cmd: c_int, ...) -> c_int;
    fn close(fd: c_int) -> c_int;
    fn umount2(target: *const c_char, flags: c_int) -> c_int;
    fn sysconf(name: c_int) -> c_long;
    fn syscall(number: c_long, ...) -> c_long;
    fn signal(signum: c_int, handler: usize) -> usize;
    fn ioctl(fd: c_int, request: c_ulong, ...) -> c_int;
    fn tcgetattr(fd: c_int, termios: *mut Termios) -> c_int;
    fn tcsetattr(fd: c_int, when: c_int, termios: *const Termios) -> c_int;
    fn poll(fds: *mut PollFd, count: c_ulong, timeout_ms: c_int) -> c_int;
}

/// A call's result: -1 is the error in errno.
fn check(ret: impl Into<i64>) -> io::Result<()> {
    if ret.into() == -1 {
        Err(io::Error::last_os_error())
    } else {
        Ok(())
    }
}

/// Makes this process adopt every orphan among its descendants (instead of init), so that a grandchild
/// that left the program's process group is still found, reaped and counted.
pub fn adopt_orphans() -> io::Result<()> {
    // SAFETY: prctl with integer arguments touches no memory of ours.
    check(unsafe { prctl(PR_SET_CHILD_SUBREAPER, 1) })?;
    ADOPTS.store(true, Ordering::SeqCst);
    Ok(())
}

static ADOPTS: AtomicBool = AtomicBool::new(false);

/// Whether this process adopts the orphans among its descendants.
pub fn adopts_orphans() -> bool {
    ADOPTS.load(Ordering::SeqCst)
}

/// Makes this process receive `signal` when the thread that started it dies.
pub fn die_with_parent_now(signal: c_int) -> io::Result<()> {
    // SAFETY: as above.
    check(unsafe { prctl(PR_SET_PDEATHSIG, signal as c_ulong) })
}

/// Makes `cmd`'s child receive `signal` when the thread that started it dies, so that killing the
/// judge takes its launchers, and a launcher its program, with it.
pub fn die_with_parent(cmd: &mut Command, signal: c_int) {
    // SAFETY: prctl with integer arguments is async-signal-safe and allocates nothing.
    unsafe { cmd.pre_exec(move || die_with_parent_now(signal)) };
}

/// Makes this process not dumpable: other processes of the same user can no longer open its
/// descriptors or memory through /proc, nor trace it (exec makes a program dumpable again).
pub fn not_dumpable() -> io::Result<()> {
    // SAFETY: prctl with integer arguments touches no memory of ours.
    check(unsafe { prctl(PR_SET_DUMPABLE, 0) })
}

/// close_range(2), the same number on x86-64 and arm64 (it is newer than their split).
const SYS_CLOSE_RANGE: c_long = 436;

/// Closes every descriptor above stderr, those this process was started with: none that its caller
/// left open reaches a compiler or a program. Where the kernel has no close_range (before 5.9), one
/// by one as /proc lists them.
pub fn close_inherited() -> io::Result<()> {
    let (first, last, no_flags): (c_long, c_long, c_long) = (3, c_uint::MAX.into(), 0);
    // SAFETY: close_range takes integers; at start nothing of ours is open above stderr.
    if unsafe { syscall(SYS_CLOSE_RANGE, first, last, no_flags) } == 0 {
        return Ok(());
    }
    let listed = std::fs::read_dir("/proc/self/fd")?.filter_map(|e| e.ok());
    let fds: Vec<c_int> = listed
        .filter_map(|e| e.file_name().to_str()?.parse().ok())
        .filter(|&fd| fd > 2)
        .collect();
    for fd in fds {
        // SAFETY: close takes an integer; the listing's own descriptor, closed by now, is EBADF.
        unsafe { close(fd) };
    }
    Ok(())
}

/// The columns of the terminal on stdout, if it is one.
pub fn terminal_columns() -> Option<usize> {
    const TIOCGWINSZ: c_ulong = 0x5413;
    let mut size = [0u16; 4];
    // SAFETY: TIOCGWINSZ writes one `struct winsize` (rows, columns, two pixel sizes) to `size`.
    let asked = unsafe { ioctl(1, TIOCGWINSZ, size.as_mut_ptr()) };
    (asked == 0 && size[1] > 0).then_some(size[1] as usize)
}

/// Whether this process runs as root (effective user id 0).
pub fn is_root() -> bool {
    // SAFETY: no arguments, no memory; geteuid cannot fail.
    unsafe { geteuid() == 0 }
}

/// Makes `cmd`'s child, before exec, leave the judge's session (so it has no controlling terminal
/// to open as /dev/tty), given `id` become that user and group with no other groups, and join a
/// session keyring of its own. Register
/// it before [`die_with_parent`]: a change of user clears the parent-death signal.
pub fn own_session_as(cmd: &mut Command, id: Option<u32>) {
    let apply = move || {
        // SAFETY: setsid takes no arguments; a fresh child is never a group leader, so it succeeds.
        check(unsafe { setsid() })?;
        if let Some(id) = id {
            // SAFETY: an empty list; async-signal-safe, nothing allocated.
            check(unsafe { setgroups(0, std::ptr::null()) })?;
            become_user(id)?;
        }
        join_new_keyring()
    };
    // SAFETY: the closure makes only async-signal-safe calls and never allocates.
    unsafe { cmd.pre_exec(apply) };
}

/// Joins a new, empty session keyring, this user's: the keys of the judge's session (a login's, a
/// container's) are out of reach. A kernel without keys, or a seccomp filter that refuses keyctl
/// (Docker's), leaves none to reach. Async-signal-safe, for `pre_exec`.
fn join_new_keyring() -> io::Result<()> {
    let no_name = std::ptr::null::<c_char>();
    // SAFETY: keyctl with an integer and a null name (a new anonymous keyring).
    if unsafe { syscall(SYS_KEYCTL, KEYCTL_JOIN_SESSION_KEYRING, no_name) } != -1 {
        return Ok(());
    }
    let e = io::Error::last_os_error();
    match e.raw_os_error() {
        Some(EPERM | ENOSYS) => Ok(()),
        _ => Err(e),
    }
}

/// Makes user and group `id` the owner of `path` (a folder we created, never a link's target).
pub fn give_to(path: &Path, id: u32) -> io::Result<()> {
    let path = c_path(path)?;
    // SAFETY: a live NUL-terminated string for the duration of the call, and integer ids.
    check(unsafe { chown(path.as_ptr(), id, id) })
}

/// Makes `cmd`'s child, before exec, join each cgroup whose `cgroup.procs` is open as one of `fds`
/// (writing `0` there moves the writer), so that nothing it runs is outside them.
pub fn join_groups(cmd: &mut Command, fds: Vec<c_int>) {
    let apply = move || {
        for &fd in &fds {
            // SAFETY: a one-byte static buffer; write is async-signal-safe.
            if unsafe { write(fd, b"0".as_ptr().cast(), 1) } != 1 {
                return Err(io::Error::last_os_error());
            }
        }
        Ok(())
    };
    // SAFETY: the closure only calls write and reads errno; it allocates nothing.
    unsafe { cmd.pre_exec(apply) };
}

/// Whether `file` lies on a tmpfs, whose pages are shared memory charged to whoever writes them.
pub fn on_tmpfs(file: &std::fs::File) -> bool {
    const TMPFS_MAGIC: c_long = 0x0102_1994;
    statfs(file).is_some_and(|buf| buf[0] == TMPFS_MAGIC)
}

/// struct statfs of the file system `file` lies on, one word a field: f_type, f_bsize, f_blocks,
/// f_bfree, f_bavail, f_files, f_ffree, … (120 bytes on 64-bit Linux).
fn statfs(file: &std::fs::File) -> Option<[c_long; 32]> {
    let mut buf = [0 as c_long; 32];
    // SAFETY: the buffer is larger than struct statfs and lives for the call; fd is open.
    (unsafe { fstatfs(file.as_raw_fd(), buf.as_mut_ptr()) } == 0).then_some(buf)
}

#[cfg(target_arch = "x86_64")]
const SYS_MEMFD_CREATE: c_long = 319;
#[cfg(not(target_arch = "x86_64"))]
const SYS_MEMFD_CREATE: c_long = 279;

/// A file in memory (`memfd_create`) named `name` on no file system: a tmpfs file of its own, which
/// holds whoever writes it to the writer's file-size limit, `fallocate(FALLOC_FL_KEEP_SIZE)`
/// included (a disk's file system lets that reserve past the limit). Closed on exec.
pub fn memory_file(name: &str) -> io::Result<std::fs::File> {
    use std::os::unix::io::FromRawFd;
    const MFD_CLOEXEC: c_long = 1;
    let name = CString::new(name)?;
    // SAFETY: a live NUL-terminated name and an integer flag; the kernel copies the name.
    let fd = unsafe { syscall(SYS_MEMFD_CREATE, name.as_ptr(), MFD_CLOEXEC) };
    check(fd)?;
    // SAFETY: the descriptor is fresh and ours alone from here on.
    Ok(unsafe { std::fs::File::from_raw_fd(fd as c_int) })
}

/// This process's real user and group ids.
pub fn user_and_group() -> (u32, u32) {
    // SAFETY: no arguments, no memory; these calls cannot fail.
    unsafe { (getuid(), getgid()) }
}

/// Blocks until child `pid` ends and reaps it.
pub fn wait_child(pid: i32) -> io::Result<Status> {
    wait(pid, 0).map(|(_, status)| status)
}

/// Reaps one ended child, blocking until one ends when `block`; false when none is left to wait for
/// (or, not blocking, none has ended yet).
pub fn reap_one(block: bool) -> bool {
    wait(-1, if block { 0 } else { WNOHANG }).is_ok_and(|(pid, _)| pid > 0)
}

/// wait4 for `pid` (-1: any child), again when a signal interrupts it: the pid reaped (0 when
/// WNOHANG found none ended) and how it ended.
fn wait(pid: i32, options: c_int) -> io::Result<(i32, Status)> {
    let mut status: c_int = 0;
    loop {
        // SAFETY: `status` is a live local; a null rusage pointer is allowed.
        let ret = unsafe { wait4(pid, &mut status, options, std::ptr::null_mut()) };
        match check(ret) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
            Ok(()) if status & 0x7f == 0 => return Ok((ret, Status::Exited((status >> 8) & 0xff))),
            Ok(()) => return Ok((ret, Status::Signaled(status & 0x7f))),
        }
    }
}

/// CPU time (user + system, microseconds) and the largest peak RSS (KiB) of all reaped descendants.
pub fn children_usage() -> (u64, u64) {
    let mut usage = Rusage::default();
    // SAFETY: the pointer refers to a live, correctly laid out local for the duration of the call.
    unsafe { getrusage(RUSAGE_CHILDREN, &mut usage) };
    let micros = |t: &Timeval| t.tv_sec.saturating_mul(1_000_000).saturating_add(t.tv_usec);
    let cpu_us = micros(&usage.ru_utime).saturating_add(micros(&usage.ru_stime));
    let peak_kib = usage.counters[0];
    (cpu_us.max(0) as u64, peak_kib.max(0) as u64)
}

/// Sends SIGKILL to process `pid` (never 0 or -1, which would mean far more); a gone one is no error.
pub fn kill_process(pid: i32) {
    if pid > 1 {
        // SAFETY: kill takes no pointers. ESRCH (already gone) is the only expected failure.
        unsafe { kill(pid, SIGKILL) };
    }
}

/// Sends SIGKILL to every process in group `pgid`; a group that is already gone is not an error.
pub fn kill_group(pgid: i32) {
    // kill(0, ..) would hit the judge's own group and kill(-1, ..) every process we may signal.
    if pgid > 1 {
        // SAFETY: as above.
        unsafe { kill(-pgid, SIGKILL) };
    }
}

/// From PID 1 of a PID namespace, SIGKILLs every other process of that namespace at once.
pub fn kill_rest_of_namespace() {
    // kill(-1) from anywhere else would hit every process we may signal: refuse unless we are PID 1.
    if std::process::id() == 1 {
        // SAFETY: kill takes no pointers; in a PID namespace -1 means its processes but its init.
        unsafe { kill(-1, SIGKILL) };
    }
}

/// Gives process `pid` (one of ours) the lowest CPU priority, niceness 19. Gone is no error.
pub fn lowest_priority(pid: i32) {
    if let Ok(pid) = u32::try_from(pid) {
        // SAFETY: setpriority with integer arguments (PRIO_PROCESS); lowering is always allowed.
        unsafe { setpriority(0, pid, 19) };
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
    /// The main thread's stack, bytes: set whatever the caller's soft `ulimit -s`, so that a deep
    /// recursion fares the same on every machine; `None` keeps the caller's.
    pub stack_bytes: Option<u64>,
}

/// Makes `cmd`'s child, before exec, take on `limits`, drop core dumps and never gain privileges.
pub fn limit_child(cmd: &mut Command, limits: ChildLimits) {
    let apply = move || {
        set_limit(RLIMIT_CORE, 0, 0)?;
        let space = limits.address_space_bytes;
        set_limit(RLIMIT_AS, space, space)?;
        set_limit(RLIMIT_FSIZE, limits.file_bytes, limits.file_bytes)?;
        if let Some(stack) = limits.stack_bytes {
            set_limit(RLIMIT_STACK, stack, stack)?;
        }
        // The soft limit sends SIGXCPU; the hard one a second later is a SIGKILL for programs that catch it.
        let cpu = limits.cpu_seconds;
        set_limit(RLIMIT_CPU, cpu, cpu.saturating_add(1))?;
        // SAFETY: prctl with integer arguments, the unused ones as wide as the kernel reads them.
        check(unsafe { prctl(PR_SET_NO_NEW_PRIVS, 1, UNUSED, UNUSED, UNUSED) })
    };
    // SAFETY: the closure only calls setrlimit and prctl and reads errno, all async-signal-safe, and
    // never allocates.
    unsafe { cmd.pre_exec(apply) };
}

fn set_limit(resource: c_int, soft: u64, hard: u64) -> io::Result<()> {
    // The kernel compares some limits as signed 64-bit numbers (a file size of 2^63 stops every write):
    // anything that large means no limit at all.
    let clamp = |n: u64| if n > i64::MAX as u64 { u64::MAX } else { n };
    let mut current = Rlimit::default();
    // SAFETY: the pointer refers to a live, correctly laid out local for the duration of the call.
    check(unsafe { getrlimit(resource, &mut current) })?;
    // A hard limit can only go down: where the user's own is lower than ours, keep the user's.
    let hard = clamp(hard).min(current.rlim_max);
    let limit = Rlimit {
        rlim_cur: clamp(soft).min(hard),
        rlim_max: hard,
    };
    // SAFETY: as above.
    check(unsafe { setrlimit(resource, &limit) })
}

/// Blanks this process's command line as others read it (`/proc/PID/cmdline`), but for its first
/// word, `name`: the bytes the kernel set aside for the arguments are zeroed, and `name` written
/// at their start. The init's then tells the run none of the job's host paths.
pub fn blank_command_line(name: &str) -> io::Result<()> {
    let stat = std::fs::read_to_string("/proc/self/stat")?;
    let fields = stat.rsplit_once(')').map_or("", |(_, after)| after);
    let fields: Vec<&str> = fields.split_whitespace().collect();
    // proc(5)'s fields 48 and 49, `arg_start` and `arg_end`, counted from the state, field 3.
    let address = |field: usize| fields.get(field - 3).and_then(|f| f.parse::<usize>().ok());
    let range = address(48).zip(address(49));
    let len = range.and_then(|(start, end)| end.checked_sub(start));
    let (Some((start, _)), Some(len)) = (range, len.filter(|&len| len > name.len())) else {
        let why = "no room for the name among the arguments in /proc/self/stat";
        return Err(io::Error::new(io::ErrorKind::InvalidData, why));
    };
    let at = start as *mut u8;
    // SAFETY: [start, start + len) holds this process's own argument strings, which the kernel
    // placed on its first stack, mapped and writable while it lives; nothing holds a Rust reference
    // into them (std keeps raw pointers, read as C strings: each still ends in a NUL).
    unsafe {
        std::ptr::write_bytes(at, 0, len);
        std::ptr::copy_nonoverlapping(name.as_ptr(), at, name.len());
    }
    Ok(())
}

/// The main thread's stack, bytes, that [`limit_child`] gives a child of this process asked for
/// `stack_bytes`: as [`set_limit`] sets it, bounded by our hard limit (the caller's hard `ulimit
/// -s`, which only a privileged process may raise); our own soft limit where `None`.
pub fn granted_stack(stack_bytes: Option<u64>) -> u64 {
    let mut current = Rlimit::default();
    // SAFETY: the pointer refers to a live, correctly laid out local for the duration of the call.
    if unsafe { getrlimit(RLIMIT_STACK, &mut current) } != 0 {
        return stack_bytes.unwrap_or(u64::MAX);
    }
    stack_bytes.map_or(current.rlim_cur, |stack| stack.min(current.rlim_max))
}

/// Moves this (single-threaded) process into new user, PID, mount, network, IPC and UTS namespaces;
/// its next child will be PID 1 of the new PID namespace.
pub fn unshare_namespaces() -> io::Result<()> {
    let flags =
        CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS;
    // SAFETY: unshare takes an integer; it fails (EINVAL) rather than misbehave if we had threads.
    check(unsafe { unshare(flags) })
}

/// Forks this process: the child's pid in the parent, `None` in the child. Only for a
/// single-threaded caller: the child may then allocate freely.
pub fn fork_process() -> io::Result<Option<i32>> {
    // SAFETY: the launcher calls this before it starts any thread, so the child's copy of the heap
    // and of every lock is consistent.
    let child = unsafe { fork() };
    check(child).map(|()| (child != 0).then_some(child))
}

fn c_path(path: &Path) -> io::Result<CString> {
    CString::new(path.as_os_str().as_bytes())
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "a path holds a NUL byte"))
}

fn mount_call(
    source: Option<&Path>,
    target: &Path,
    fstype: Option<&str>,
    flags: c_ulong,
    options: Option<&str>,
) -> io::Result<()> {
    let source = source.map(c_path).transpose()?;
    let target = c_path(target)?;
    let text = |t: &str| CString::new(t).expect("no NUL in a file system's name or options");
    let (fstype, options) = (fstype.map(text), options.map(text));
    let ptr = |s: &Option<CString>| s.as_ref().map_or(std::ptr::null(), |s| s.as_ptr());
    let (source, fstype, options) = (ptr(&source), ptr(&fstype), ptr(&options).cast());
    // SAFETY: every pointer is null or a live NUL-terminated string for the duration of the call.
    check(unsafe { mount(source, target.as_ptr(), fstype, flags, options) })
}

/// Mounts at `at` a fresh file system of type `fstype` (`proc`, `tmpfs`) with `options`, never
/// honouring set-user-id bits or devices on it; a `read_only` one runs no program either.
pub fn mount_fresh(fstype: &str, at: &Path, read_only: bool, options: &str) -> io::Result<()> {
    let flags = match read_only {
        true => MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC,
        false => MS_NOSUID | MS_NODEV,
    };
    let options = Some(options).filter(|o| !o.is_empty());
    mount_call(Some(Path::new(fstype)), at, Some(fstype), flags, options)
}

/// Stops mount events from flowing back to the namespace we came from.
pub fn make_mounts_private() -> io::Result<()> {
    mount_call(None, Path::new("/"), None, MS_REC | MS_PRIVATE, None)
}

/// Makes the current folder, a mount point, the root of this mount namespace, and lets go of the
/// old root: nothing of it stays reachable.
pub fn pivot_to_current_dir() -> io::Result<()> {
    let here = c_path(Path::new("."))?;
    // SAFETY: both arguments are the same live NUL-terminated string.
    check(unsafe { syscall(SYS_PIVOT_ROOT, here.as_ptr(), here.as_ptr()) })?;
    // The old root now lies on top of the new one, at ".": detach it and all below it.
    // SAFETY: as above.
    check(unsafe { umount2(here.as_ptr(), MNT_DETACH) })?;
    std::env::set_current_dir("/")
}

#[repr(C)]
#[derive(Default)]
struct MountAttr {
    attr_set: u64,
    attr_clr: u64,
    propagation: u64,
    userns_fd: u64,
}

/// mount_setattr(2), the same number on x86-64 and arm64 (it is newer than their split).
const SYS_MOUNT_SETATTR: c_long = 442;
const AT_FDCWD: c_int = -100;
const AT_RECURSIVE: c_uint = 0x8000;
const MOUNT_ATTR_RDONLY: u64 = 1;

/// Sets (`read_only`) or clears the read-only flag of the mount at `path`, and with `recursive` of
/// every mount below it too, in this mount namespace.
pub fn set_read_only(path: &Path, read_only: bool, recursive: bool) -> io::Result<()> {
    let path = c_path(path)?;
    let flag = MOUNT_ATTR_RDONLY;
    let attr = MountAttr {
        attr_set: if read_only { flag } else { 0 },
        attr_clr: if read_only { 0 } else { flag },
        ..MountAttr::default()
    };
    let flags = if recursive { AT_RECURSIVE } else { 0 };
    let size = std::mem::size_of::<MountAttr>();
    let at = path.as_ptr();
    // SAFETY: the path is a live NUL-terminated string and `attr` a live struct of the size given.
    check(unsafe { syscall(SYS_MOUNT_SETATTR, AT_FDCWD, at, flags, &attr, size) })
}

/// Makes this process user and group `id` (all three ids of each). Async-signal-safe, for
/// `pre_exec`.
pub fn become_user(id: u32) -> io::Result<()> {
    // SAFETY: integer ids.
    check(unsafe { setresgid(id, id, id) })?;
    // SAFETY: as above.
    check(unsafe { setresuid(id, id, id) })
}

/// Mounts `source` at `target` too (onto itself: so that it can keep flags of its own, such as
/// staying writable below a read-only `/`), and with `tree` every mount below it.
pub fn bind(source: &Path, target: &Path, tree: bool) -> io::Result<()> {
    let flags = if tree { MS_BIND | MS_REC } else { MS_BIND };
    mount_call(Some(source), target, None, flags, None)
}

/// How much the file system of `file` holds, KiB, and whether it is full (no page or no file
/// left).
pub fn space_used(file: &std::fs::File) -> Option<(u64, bool)> {
    let buf = statfs(file)?;
    let [block, blocks, free, _, _, free_files] = [1, 2, 3, 4, 5, 6].map(|i| buf[i] as u64);
    let used_kib = blocks.saturating_sub(free).saturating_mul(block) / 1024;
    Some((used_kib, free == 0 || free_files == 0))
}

/// Makes descriptor `fd` survive exec, to a child process (std opens every file close-on-exec):
/// its descriptor flags lose FD_CLOEXEC, their only one.
pub fn inherit_across_exec(fd: c_int) -> io::Result<()> {
    // SAFETY: fcntl on a descriptor we own, with an integer argument.
    check(unsafe { fcntl(fd, F_SETFD, 0) })
}

/// The kernel's clock ticks per second, the unit of CPU times in /proc/PID/stat.
pub fn clock_ticks_per_second() -> u64 {
    configuration(SC_CLK_TCK, 100)
}

/// The size of a memory page, the unit of RSS in /proc/PID/stat.
pub fn page_size() -> u64 {
    configuration(SC_PAGESIZE, 4096)
}

fn configuration(name: c_int, usual: u64) -> u64 {
    // SAFETY: sysconf takes and returns integers.
    match unsafe { sysconf(name) } {
        value if value > 0 => value as u64,
        _ => usual,
    }
}

/// The signal that arrived since [`catch_termination`], 0 for none: set by the handler alone.
static TERMINATED: AtomicI32 = AtomicI32::new(0);

/// Where the handler also writes a byte once [`on_termination`] made its pipe: the write end. The
/// byte only wakes the thread that waits on the pipe, which believes [`TERMINATED`] alone.
static TERMINATION_PIPE: AtomicI32 = AtomicI32::new(-1);

extern "C" fn note_termination(signal_number: c_int) {
    TERMINATED.store(signal_number, Ordering::SeqCst); // an atomic store is async-signal-safe
    let (pipe, byte) = (TERMINATION_PIPE.load(Ordering::SeqCst), 0u8);
    // SAFETY: write of one byte from a local is async-signal-safe; no pipe (-1) only fails.
    unsafe { write(pipe, (&byte as *const u8).cast(), 1) };
}

/// From now on SIGINT, SIGTERM and SIGHUP only set a flag, which `terminated` reads, so that the
/// launcher can end its run's processes before it goes (and write to [`on_termination`]'s pipe).
pub fn catch_termination() {
    let handler: extern "C" fn(c_int) = note_termination;
    for signal_number in [1, 2, 15] {
        // SAFETY: the handler only stores to an atomic and writes one byte to a pipe, both
        // async-signal-safe.
        unsafe { signal(signal_number, handler as usize) };
    }
}

/// From now on SIGHUP, SIGINT and SIGTERM run `then(signal)` on a thread of their own, which then
/// ends the process with 128 + signal, instead of ending the process at once. A handler, not a
/// blocked signal: exec resets handlers, so child processes get these signals as usual. A byte that
/// anything else writes into the pipe (through /proc, where it may) is read and ignored.
pub fn on_termination(then: fn(c_int)) {
    let Ok((mut pipe, write_end)) = pipe_files() else {
        return;
    };
    // Open for the rest of the process, for the handler to write to.
    let write_end = std::os::unix::io::IntoRawFd::into_raw_fd(write_end);
    TERMINATION_PIPE.store(write_end, Ordering::SeqCst);
    std::thread::spawn(move || {
        let mut byte = [0u8];
        while std::io::Read::read_exact(&mut pipe, &mut byte).is_ok() {
            let signal_number = TERMINATED.load(Ordering::SeqCst);
            if signal_number != 0 {
                restore_terminal();
                then(signal_number);
                std::process::exit(128 + signal_number);
            }
        }
    });
    catch_termination();
}

/// A pipe: its read end and its write end, neither inherited across exec unless given as stdio.
pub fn pipe_files() -> io::Result<(std::fs::File, std::fs::File)> {
    use std::os::unix::io::FromRawFd;
    const O_CLOEXEC: c_int = 0o2000000;
    let mut fds = [0 as c_int; 2];
    // SAFETY: a live two-element array.
    check(unsafe { pipe2(fds.as_mut_ptr(), O_CLOEXEC) })?;
    // SAFETY: both descriptors are fresh and ours alone from here on.
    let [read, write] = fds.map(|fd| unsafe { std::fs::File::from_raw_fd(fd) });
    Ok((read, write))
}

/// Whether SIGINT, SIGTERM or SIGHUP arrived since `catch_termination`.
pub fn terminated() -> bool {
    TERMINATED.load(Ordering::SeqCst) != 0
}

/// glibc's `struct termios` (the kernel's has no speeds, but tcgetattr fills glibc's).
#[repr(C)]
#[derive(Clone, Copy)]
struct Termios {
    iflag: u32,
    oflag: u32,
    cflag: u32,
    lflag: u32,
    line: u8,
    cc: [u8; 32],
    ispeed: u32,
    ospeed: u32,
}

#[repr(C)]
struct PollFd {
    fd: c_int,
    events: i16,
    revents: i16,
}

/// The settings of the terminal on stdin before [`RawTerminal::enter`], put back by whoever ends
/// first: the guard's drop, a panic, or SIGINT/SIGTERM/SIGHUP through [`on_termination`].
static SAVED_TERMINAL: std::sync::Mutex<Option<Termios>> = std::sync::Mutex::new(None);

/// The saved settings; a panic while they were held leaves them as good as before.
fn saved_terminal() -> std::sync::MutexGuard<'static, Option<Termios>> {
    SAVED_TERMINAL
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Puts back the terminal settings [`RawTerminal::enter`] saved, if any are still to put back.
fn restore_terminal() {
    let saved = saved_terminal().take();
    if let Some(saved) = saved {
        const TCSANOW: c_int = 0;
        // SAFETY: a live, correctly laid out struct that tcgetattr filled.
        unsafe { tcsetattr(0, TCSANOW, &saved) };
    }
}

/// The terminal on stdin in raw mode while this lives: each key reaches the reader as it is pressed,
/// unechoed, Ctrl-C and Ctrl-D as bytes (3, 4) rather than a signal and an end. Output is unchanged.
pub struct RawTerminal(());

impl RawTerminal {
    /// Switches stdin's terminal to raw mode; an error when stdin is not a terminal.
    pub fn enter() -> io::Result<RawTerminal> {
        const ISIG: u32 = 0o1;
        const ICANON: u32 = 0o2;
        const ECHO: u32 = 0o10;
        const IEXTEN: u32 = 0o100000;
        const IXON: u32 = 0o2000;
        const VTIME: usize = 5;
        const VMIN: usize = 6;
        const TCSAFLUSH: c_int = 2;
        // SAFETY: an all-zero termios is a valid value of plain integers, filled in just below.
        let mut saved: Termios = unsafe { std::mem::zeroed() };
        // SAFETY: a live, correctly laid out struct for the duration of the call.
        check(unsafe { tcgetattr(0, &mut saved) })?;
        let mut raw = saved;
        raw.lflag &= !(ICANON | ECHO | ISIG | IEXTEN);
        raw.iflag &= !IXON;
        raw.cc[VMIN] = 1; // a read returns as soon as one byte is there, and waits for it
        raw.cc[VTIME] = 0;
        *saved_terminal() = Some(saved);
        // Put back before the message of a panic is printed, not only after it, while unwinding.
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore_terminal();
            previous(info)
        }));
        // SAFETY: as above.
        check(unsafe { tcsetattr(0, TCSAFLUSH, &raw) })?;
        Ok(RawTerminal(()))
    }
}

impl Drop for RawTerminal {
    fn drop(&mut self) {
        restore_terminal();
    }
}

/// Whether stdin has something to read (or has ended) within `ms` milliseconds.
pub fn input_within(ms: u16) -> bool {
    const POLLIN: i16 = 1;
    let mut fd = PollFd {
        fd: 0,
        events: POLLIN,
        revents: 0,
    };
    // SAFETY: one live struct, and the count says one.
    unsafe { poll(&mut fd, 1, c_int::from(ms)) > 0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Stdio;

    const NO_LIMITS: ChildLimits = ChildLimits {
        address_space_bytes: u64::MAX,
        cpu_seconds: u64::MAX,
        file_bytes: u64::MAX,
        stack_bytes: None,
    };

    fn reap(cmd: &mut Command) -> io::Result<Status> {
        let child = cmd.spawn()?;
        wait_child(child.id() as i32)
    }

    fn sh(script: &str) -> Command {
        let mut cmd = Command::new("sh");
        cmd.args(["-c", script]);
        cmd
    }

    #[test]
    fn file_size_limit_stops_a_writer_with_sigxfsz() -> io::Result<()> {
        let path = std::env::temp_dir().join(format!("slidekit-fsize-{}", std::process::id()));
        let mut cmd = Command::new("yes");
        cmd.stdout(std::fs::File::create(&path)?);
        let limits = ChildLimits {
            file_bytes: 100_000,
            ..NO_LIMITS
        };
        limit_child(&mut cmd, limits);
        let status = reap(&mut cmd)?;
        let written = std::fs::metadata(&path)?.len();
        std::fs::remove_file(&path)?;
        assert_eq!(status, Status::Signaled(25));
        assert_eq!(written, 100_000);
        Ok(())
    }

    #[test]
    fn exit_codes_and_signals_are_decoded() -> io::Result<()> {
        assert_eq!(reap(&mut sh("exit 3"))?, Status::Exited(3));
        assert_eq!(reap(&mut sh("kill -SEGV $$"))?, Status::Signaled(11));
        Ok(())
    }

    #[test]
    fn address_space_limit_fails_big_allocations() -> io::Result<()> {
        let mut cmd = Command::new("python3");
        cmd.args(["-c", "b = bytearray(1 << 30)"])
            .stderr(Stdio::null());
        let limits = ChildLimits {
            address_space_bytes: 256 << 20,
            cpu_seconds: 10,
            ..NO_LIMITS
        };
        limit_child(&mut cmd, limits);
        assert_eq!(reap(&mut cmd)?, Status::Exited(1)); // Python's MemoryError
        Ok(())
    }
}
