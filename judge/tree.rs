//! A run's process tree as /proc shows it: which processes belong to it, the CPU and memory they use
//! right now, and ending them all. Used by the launcher's supervisor, every few milliseconds.

use crate::sys;
use std::path::Path;

/// How the launcher finds its run's processes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// The launcher is PID 1 of a fresh PID namespace with its own /proc: every other process is the run's.
    Namespace,
    /// The launcher's descendants, followed through /proc's parent links.
    Descendants,
}

/// What the live processes of a tree use at one moment.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Snapshot {
    pub processes: usize,
    /// User + system CPU of the live processes and of the children they reaped, clock ticks.
    pub cpu_ticks: u64,
    /// Resident memory, KiB: one process's RSS, or the sum of proportional shares (PSS) of several,
    /// so that pages two forked processes share are not counted twice.
    pub memory_kib: u64,
}

/// The pids of the run's live processes (zombies included), not the launcher's own.
pub fn members(scope: Scope) -> Vec<i32> {
    let me = std::process::id() as i32;
    match scope {
        Scope::Namespace => all_pids().into_iter().filter(|&p| p != me).collect(),
        Scope::Descendants => descendants_of(me),
    }
}

fn all_pids() -> Vec<i32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
        .collect()
}

/// Every descendant of `root`, by parent links read from each process's stat line.
fn descendants_of(root: i32) -> Vec<i32> {
    let parents: Vec<(i32, i32)> = all_pids()
        .into_iter()
        .filter_map(|pid| Some((pid, stat_fields(pid)?.get(1)?.parse().ok()?)))
        .collect();
    let mut tree = vec![root];
    let mut i = 0;
    while i < tree.len() {
        let parent = tree[i];
        tree.extend(
            parents
                .iter()
                .filter(|(_, p)| *p == parent)
                .map(|(c, _)| *c),
        );
        i += 1;
    }
    tree.remove(0);
    tree
}

/// The fields of /proc/PID/stat after the command name (which may hold spaces and parentheses), so
/// that field N of proc(5) is at index N − 3.
fn stat_fields(pid: i32) -> Option<Vec<String>> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after_name = &stat[stat.rfind(')')? + 1..];
    Some(after_name.split_whitespace().map(String::from).collect())
}

/// What `pids` use now. A process that ends meanwhile simply drops out.
pub fn snapshot(pids: &[i32]) -> Snapshot {
    let mut shot = Snapshot {
        processes: pids.len(),
        ..Snapshot::default()
    };
    let page_kib = sys::page_size() / 1024;
    for &pid in pids {
        let Some(fields) = stat_fields(pid) else {
            continue;
        };
        let number = |i: usize| {
            fields
                .get(i)
                .and_then(|f| f.parse::<u64>().ok())
                .unwrap_or(0)
        };
        // utime, stime, cutime, cstime: fields 14–17.
        shot.cpu_ticks += (11..=14).map(number).sum::<u64>();
        shot.memory_kib += if pids.len() == 1 {
            number(21) * page_kib // rss, field 24
        } else {
            proportional_kib(pid).unwrap_or(number(21) * page_kib)
        };
    }
    shot
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
pub fn kill_all(scope: Scope, program_group: i32) {
    for _ in 0..1000 {
        sys::kill_group(program_group);
        let alive: Vec<i32> = members(scope)
            .into_iter()
            .filter(|&pid| !is_zombie(pid))
            .collect();
        if alive.is_empty() {
            return;
        }
        alive.into_iter().for_each(sys::kill_process);
        std::thread::yield_now();
    }
}

fn is_zombie(pid: i32) -> bool {
    stat_fields(pid).map_or(true, |f| f.first().map(String::as_str) == Some("Z"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;

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
        let shot = snapshot(&[pid, below[0]]);
        assert!(shot.processes == 2 && shot.memory_kib > 0, "{shot:?}");
        below.into_iter().for_each(sys::kill_process);
        child.wait().expect("sh ends once its sleep is killed");
    }
}
