//! A run's process tree as /proc shows it: which processes belong to it, the CPU and memory they use
//! right now, and ending them all. Used by the launcher's supervisor, every few milliseconds.

use crate::model::execution::Sandbox;
use crate::run::sys;
use std::path::Path;

/// What the live processes of a tree use at one moment.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Snapshot {
    /// CPU of the live processes and of the children they reaped, microseconds.
    pub cpu_us: u64,
    /// Some process ignores SIGCHLD while it has children, whose CPU the kernel will then discard.
    pub hides_children: bool,
    /// Resident memory, KiB: the sum of resident sizes, or of proportional shares (PSS) where that
    /// matters, so that pages two forked processes share are not counted twice.
    pub memory_kib: u64,
}

/// The pids of the run's live processes (zombies included), not the launcher's own. In the
/// sandbox the launcher is PID 1 of a fresh PID namespace with its own /proc: every other process
/// is the run's. In the fallback they are the launcher's descendants.
pub fn members(sandbox: Sandbox) -> Vec<i32> {
    let me = std::process::id() as i32;
    match sandbox {
        Sandbox::Namespaces => all_pids().into_iter().filter(|&p| p != me).collect(),
        Sandbox::ProcessGroup => descendants_of(me),
    }
}

fn all_pids() -> Vec<i32> {
    let entries = std::fs::read_dir("/proc").into_iter().flatten();
    let pid = |entry: std::fs::DirEntry| entry.file_name().to_str()?.parse().ok();
    entries.filter_map(|e| pid(e.ok()?)).collect()
}

/// Every descendant of `root`: through each thread's `children` list where the kernel keeps one (a
/// few small reads), else by parent links read from every process's stat line.
fn descendants_of(root: i32) -> Vec<i32> {
    walk(root, children_of).unwrap_or_else(|| descendants_by_parent_links(root))
}

fn descendants_by_parent_links(root: i32) -> Vec<i32> {
    let links: Vec<(i32, i32)> = all_pids()
        .into_iter()
        .filter_map(|pid| Some((pid, stat(pid)?.ppid)))
        .collect();
    let children = |parent| {
        links
            .iter()
            .filter(|l| l.1 == parent)
            .map(|l| l.0)
            .collect()
    };
    walk(root, |pid| Some(children(pid))).unwrap_or_default()
}

/// The processes below `root`, breadth first, by `children`; `None` as soon as `children` is.
fn walk(root: i32, mut children: impl FnMut(i32) -> Option<Vec<i32>>) -> Option<Vec<i32>> {
    let mut tree = vec![root];
    let mut i = 0;
    while i < tree.len() {
        tree.extend(children(tree[i])?);
        i += 1;
    }
    tree.remove(0);
    Some(tree)
}

/// The children of every thread of `pid`; `None` when the kernel has no `children` files. A process
/// that is gone has no children.
fn children_of(pid: i32) -> Option<Vec<i32>> {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Some(Vec::new());
    };
    let mut children = Vec::new();
    for task in tasks.filter_map(|t| t.ok()) {
        match std::fs::read_to_string(task.path().join("children")) {
            Ok(text) => children.extend(text.split_whitespace().flat_map(str::parse::<i32>)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && task.path().exists() => {
                return None
            }
            Err(_) => {} // the thread ended meanwhile
        }
    }
    Some(children)
}

/// The fields of /proc/PID/stat that the supervisor reads.
struct Stat {
    zombie: bool,
    ppid: i32,
    /// utime + stime, clock ticks.
    own_ticks: u64,
    /// cutime + cstime: children it reaped, converted from a sum, so exact enough.
    children_ticks: u64,
    rss_pages: u64,
}

/// Reads /proc/PID/stat, whose fields come after the command name (which may hold spaces and
/// parentheses): field N of proc(5) is the (N − 3)th after it.
fn stat(pid: i32) -> Option<Stat> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = text[text.rfind(')')? + 1..].split_whitespace().collect();
    let number = |n: usize| {
        fields
            .get(n - 3)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    Some(Stat {
        zombie: fields.first() == Some(&"Z"),
        ppid: number(4) as i32,
        own_ticks: number(14) + number(15),
        children_ticks: number(16) + number(17),
        rss_pages: number(24),
    })
}

/// What `pids` use now. A process that ends meanwhile simply drops out. `memory_limit_kib` decides
/// how hard to look: the resident sizes are summed, and only when that sum passes the limit (pages
/// that forked processes share count once per process in it) are the proportional shares read.
pub fn snapshot(pids: &[i32], memory_limit_kib: u64) -> Snapshot {
    let mut shot = Snapshot::default();
    let page_kib = sys::page_size() / 1024;
    let tick_us = 1_000_000 / sys::clock_ticks_per_second();
    let mut parents = Vec::new();
    for &pid in pids {
        let Some(stat) = stat(pid) else {
            continue;
        };
        // Own CPU to the nanosecond where the kernel tells it: summing whole 10 ms ticks of many short
        // processes would miss up to a tick each.
        let own_us = running_time_us(pid).unwrap_or(stat.own_ticks * tick_us);
        shot.cpu_us += own_us + stat.children_ticks * tick_us;
        shot.memory_kib += stat.rss_pages * page_kib;
        parents.push(stat.ppid);
    }
    shot.hides_children = pids
        .iter()
        .any(|pid| parents.contains(pid) && ignores_sigchld(*pid));
    if pids.len() > 1 && shot.memory_kib > memory_limit_kib {
        shot.memory_kib = pids.iter().filter_map(|&pid| proportional_kib(pid)).sum();
    }
    shot
}

/// Whether `pid` ignores SIGCHLD (bit 17 of the SigIgn mask in /proc/PID/status), so that the
/// kernel reaps its children at once and their CPU time is lost to everyone.
fn ignores_sigchld(pid: i32) -> bool {
    let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else {
        return false;
    };
    let mask = status.lines().find_map(|l| l.strip_prefix("SigIgn:"));
    let mask = mask.and_then(|m| u64::from_str_radix(m.trim(), 16).ok());
    mask.is_some_and(|m| m & (1 << (17 - 1)) != 0)
}

/// The CPU time all threads of `pid` ran, microseconds, from /proc/PID/task/*/schedstat.
fn running_time_us(pid: i32) -> Option<u64> {
    let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).ok()?;
    let mut ns = 0u64;
    for task in tasks {
        let text = std::fs::read_to_string(task.ok()?.path().join("schedstat")).ok()?;
        ns += text.split_whitespace().next()?.parse::<u64>().ok()?;
    }
    Some(ns / 1000)
}

/// The process's proportional set size, KiB, from /proc/PID/smaps_rollup.
fn proportional_kib(pid: i32) -> Option<u64> {
    let path = format!("/proc/{pid}/smaps_rollup");
    let text = std::fs::read_to_string(Path::new(&path)).ok()?;
    let line = text.lines().find(|l| l.starts_with("Pss:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Kills every process of the run until none is left alive (a forking program may add some while we
/// kill), then returns; the caller reaps them.
pub fn kill_all(sandbox: Sandbox, program_group: i32) {
    for _ in 0..1000 {
        match sandbox {
            Sandbox::Namespaces => sys::kill_rest_of_namespace(),
            Sandbox::ProcessGroup => sys::kill_group(program_group),
        }
        let alive: Vec<i32> = members(sandbox)
            .into_iter()
            .filter(|&pid| !has_ended(pid))
            .collect();
        if alive.is_empty() {
            return;
        }
        alive.into_iter().for_each(sys::kill_process);
        std::thread::yield_now();
    }
}

/// Ends every process this judge adopted (see `sys::adopt_orphans`): the orphans of a launcher that
/// was killed before it could end its run, which the fallback's program may do. Each one's children
/// are adopted in turn as it dies, until none is left. Only for a judge that has no other child
/// at the moment: its launchers run one at a time.
pub fn end_adopted() {
    for _ in 0..1000 {
        let me = std::process::id() as i32;
        let adopted = descendants_of(me);
        if adopted.is_empty() {
            return;
        }
        for pid in adopted {
            sys::kill_process(pid);
            let _ = sys::wait_child(pid);
        }
    }
}

/// Whether process `pid` has ended: it is gone, or a zombie that nobody has reaped yet (a killed
/// judge's launchers may wait long for an init that is slow to reap).
pub fn has_ended(pid: i32) -> bool {
    stat(pid).map_or(true, |s| s.zombie)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;

    #[test]
    fn a_zombie_or_a_gone_process_has_ended() {
        assert!(!has_ended(std::process::id() as i32));
        assert!(has_ended(999_999_999));
        // A child that ended and is not reaped yet is a zombie.
        let mut child = Command::new("true").spawn().expect("true starts");
        let pid = child.id() as i32;
        for _ in 0..1000 {
            if has_ended(pid) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        assert!(has_ended(pid), "a zombie");
        child.wait().expect("reaped");
    }

    #[test]
    fn a_grandchild_is_a_descendant_and_is_measured() {
        let mut child = Command::new("sh")
            .args(["-c", "sleep 9879 & wait"])
            .spawn()
            .expect("sh");
        let pid = child.id() as i32;
        let mut below = Vec::new();
        for _ in 0..400 {
            below = descendants_of(pid);
            if !below.is_empty() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert_eq!(below.len(), 1, "the sleep under sh: {below:?}");
        assert_eq!(descendants_by_parent_links(pid), below);
        let shot = snapshot(&[pid, below[0]], u64::MAX);
        assert!(shot.memory_kib > 0, "{shot:?}");
        below.into_iter().for_each(sys::kill_process);
        child.wait().expect("sh ends once its sleep is killed");
    }
}
