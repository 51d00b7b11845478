//! Running one program contained, and measuring it.
//!
//! # Theory of operation
//!
//! Four processes, each started by the one before:
//!
//! - **judge** (`runner.rs`). Starts one launcher a run, `judge __launch JOB`, and waits for its
//!   report until the run's wall clock and 2 s more. It kills a launcher that is late, and believes
//!   a report only from a launcher that exited 0. At start it, as a launcher does too, closes every
//!   descriptor above stderr that its caller left open (so none reaches a compiler or a program),
//!   and makes itself not dumpable: no process of its user reaches its pipes or memory through
//!   /proc, or traces it.
//! - **launcher** (`launcher.rs`). The judge binary started afresh, so small that the program's
//!   peak RSS is its own (`ru_maxrss` counts the pages of whoever forked it). It makes the run's
//!   cgroup where it may (`cgroup.rs`: as root, or where cgroup v2 is delegated to its user). It enters new user, PID, mount, network, IPC and UTS namespaces
//!   (`sandbox.rs`), then forks the init. A root launcher forks once more first: its child goes in,
//!   and it stays outside to map the child's user to nobody, wait, and remove the cgroup.
//! - **init**, PID 1 of the new PID namespace. It dies with the launcher, and blanks its command
//!   line (the job's host paths). It makes the host's file systems read-only, opens what the
//!   program is given, builds the run's own root with copies of those in its `/run`, and pivots
//!   into it. Then it supervises (`supervise.rs`): starts the program, watches its process tree
//!   (`tree.rs`), stops it at the first limit passed, reaps every process and writes the report.
//! - **program**. Before exec it joins the cgroup, leaves the judge's session, takes an
//!   unprivileged user and its rlimits, and asks to die with its supervisor, the init.
//!
//! Pipes. The launcher's stdout is the *report pipe*: the init writes one report there
//! (`report.rs`), and a second one, or anything else, makes the run lost, as does a launcher that
//! ends any other way than exit 0, whatever its pipe holds. The launcher's stderr
//! carries the reason a step failed. The program never holds either: its stdout is a memory file,
//! with no name, that the init reads back, its stderr a pipe the init drains (`stderr.rs`). Two socket pairs
//! keep processes in step: a root launcher's child says it is in and waits to be mapped, and the
//! init learns whether the launcher still lives.
//!
//! Signals. The launcher gets SIGTERM when the judge dies, and the init SIGKILL when the launcher
//! dies; the kernel then ends the whole namespace. The init handles no signal, so no process of the
//! namespace can signal it. The program gets SIGKILL when its supervisor dies. The judge's own
//! handler writes into a pipe that wakes a thread to clean up, say so on stderr and exit; that
//! thread believes only the signal the handler recorded, not a byte someone else wrote.
//!
//! The fallback, where the kernel refuses namespaces or with `--no-sandbox`: the launcher is the
//! init, and it catches SIGINT, SIGTERM and SIGHUP to end the tree before it goes. The program
//! leads a process group; the launcher adopts whatever leaves it. There is no root of the run's own
//! and no IPC namespace: the program reads what its user may, and the host's /proc. A program of
//! the judge's own user may stop or kill its launcher: the run is lost, and the judge ends the
//! orphans it adopts. It cannot forge a report, since neither the judge nor a launcher is dumpable,
//! but it may signal the judge itself: stopped, the judge waits; killed, it gives no verdict.
//!
//! Accounting. With a cgroup (a root judge, on cgroup v1) the kernel counts the run's CPU, that of
//! children it reaps by itself included, and its memory, tmpfs and shared memory included, and caps
//! its processes. Without one, the supervisor polls /proc and `wait4`, which see neither those
//! children nor that memory, and an address-space cap bounds each process. Either way /proc is
//! polled and the larger figure wins; a process that ignores SIGCHLD while it has children stops
//! the run, since the kernel throws their CPU away.
//!
//! `sys.rs` holds every `unsafe` call; `scratch.rs` the runs' private folders.

pub mod cgroup;
pub mod launcher;
pub mod report;
pub mod runner;
pub mod sandbox;
pub mod scratch;
pub mod stderr;
pub mod supervise;
pub mod sys;
pub mod tree;
