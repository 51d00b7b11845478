//! A cgroup of one run, where the judge may make one (as root, on cgroup v1's cpuacct, memory and
//! pids hierarchies): the kernel then counts the run's CPU, that of children it reaps by itself
//! included, and its memory, tmpfs and SysV shared memory included, and caps its processes. Made by
//! the launcher before it enters the sandbox, joined by the program before exec, read through
//! descriptors opened beforehand, and removed from outside once the run is over.

use crate::model::limits::Limits;
use crate::run::{scratch, sys, tree};
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek};
use std::os::unix::io::{AsRawFd, RawFd};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The most processes a run may have at once: a swarm meets `fork` failing, not a starved machine.
pub const MAX_PROCESSES: u32 = 128;

/// The hierarchies a run's group spans, by the controller each must have.
const CONTROLLERS: [&str; 3] = ["cpuacct", "memory", "pids"];

/// The run's group: one folder in each hierarchy, and the files the run is measured by.
pub struct Group {
    dirs: Vec<PathBuf>,
    /// Each hierarchy's `cgroup.procs`, which the program writes `0` to, to join.
    joins: Vec<File>,
    pub counters: Counters,
}

impl Group {
    /// A group named `name` under this process's own in each hierarchy, capped as `limits` says;
    /// `None` where one cannot be made here (not root, no such hierarchy), with nothing left behind.
    pub fn make(name: &str, limits: &Limits) -> Option<Group> {
        let dirs: Vec<PathBuf> = bases()?.iter().map(|base| base.join(name)).collect();
        let made = dirs
            .iter()
            .take_while(|dir| std::fs::create_dir(dir).is_ok())
            .count();
        let group = (made == dirs.len()).then(|| Group::open(dirs.clone(), limits));
        if group.is_none() {
            empty_and_remove(&dirs[..made]);
        }
        group.flatten()
    }

    fn open(dirs: Vec<PathBuf>, limits: &Limits) -> Option<Group> {
        let [cpu, memory, pids] = [&dirs[0], &dirs[1], &dirs[2]];
        let backstop = limits.cgroup_cap_bytes().to_string();
        std::fs::write(memory.join("memory.limit_in_bytes"), backstop).ok()?;
        std::fs::write(pids.join("pids.max"), MAX_PROCESSES.to_string()).ok()?;
        let procs = OpenOptions::new().write(true).clone();
        let write = |dir: &PathBuf| procs.open(dir.join("cgroup.procs"));
        let joins = dirs.iter().map(write).collect::<io::Result<_>>().ok()?;
        let counters = Counters {
            cpu: Arc::new(File::open(cpu.join("cpuacct.usage")).ok()?),
            memory: Arc::new(File::open(memory.join("memory.stat")).ok()?),
            failures: Arc::new(File::open(memory.join("memory.failcnt")).ok()?),
        };
        Some(Group {
            joins,
            counters,
            dirs,
        })
    }

    /// The descriptors a process writes `0` to, to join the group.
    pub fn joins(&self) -> Vec<RawFd> {
        self.joins.iter().map(AsRawFd::as_raw_fd).collect()
    }

    /// Ends every process left in the group, then removes it; from outside the run's namespaces.
    pub fn remove(self) {
        empty_and_remove(&self.dirs);
    }
}

/// Removes the group a launcher that has ended left behind (one that was killed before it could):
/// `pid` is that launcher's.
pub fn remove_left_by(pid: u32) {
    remove_groups(|launcher| launcher as u32 == pid);
}

/// Removes the groups of every launcher that is no longer running.
pub fn remove_stale() {
    remove_groups(tree::has_ended);
}

/// Removes the groups, in every hierarchy, of the launchers whose pid `left` picks.
fn remove_groups(left: impl Fn(i32) -> bool) {
    if let Some(bases) = bases() {
        empty_and_remove(&scratch::named_by_pid(&bases, PREFIX, left));
    }
}

/// The name of the group of the launcher whose pid is `pid`: two judges at once never share one.
pub fn group_name(pid: u32) -> String {
    format!("{PREFIX}{pid}")
}

const PREFIX: &str = "slidekit-run-";

/// This process's own group in each hierarchy, where a root judge makes its runs' groups.
fn bases() -> Option<Vec<PathBuf>> {
    if !sys::is_root() {
        return None;
    }
    let mounts = std::fs::read_to_string("/proc/self/mounts").ok()?;
    let own = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    CONTROLLERS
        .iter()
        .map(|c| hierarchy(&mounts, &own, c))
        .collect()
}

/// Ends what is left in each group (its `cgroup.procs`), then removes the groups.
fn empty_and_remove(dirs: &[PathBuf]) {
    for dir in dirs {
        for _ in 0..100 {
            let text = std::fs::read_to_string(dir.join("cgroup.procs")).unwrap_or_default();
            let left: Vec<i32> = text.split_whitespace().flat_map(str::parse).collect();
            if left.is_empty() {
                break;
            }
            left.into_iter().for_each(sys::kill_process);
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        let _ = std::fs::remove_dir(dir);
    }
}

/// What the kernel counts of the run, for the supervisor's watcher to read as the run goes.
#[derive(Clone)]
pub struct Counters {
    /// `cpuacct.usage`: nanoseconds of CPU.
    cpu: Arc<File>,
    /// `memory.stat`: its `rss` and `shmem` lines are what the run holds.
    memory: Arc<File>,
    /// `memory.failcnt`: how often the memory backstop was hit.
    failures: Arc<File>,
}

impl Counters {
    /// The run's CPU so far, microseconds.
    pub fn cpu_us(&self) -> u64 {
        read(&self.cpu)
            .trim()
            .parse::<u64>()
            .map_or(0, |ns| ns / 1000)
    }

    /// What the run holds now, anonymous memory and shared memory (tmpfs, SysV), KiB.
    pub fn memory_kib(&self) -> u64 {
        held_kib(&read(&self.memory))
    }

    /// Whether the run met the memory backstop (the kernel then refused or reclaimed its pages).
    pub fn hit_backstop(&self) -> bool {
        read(&self.failures).trim() != "0"
    }
}

/// What a `memory.stat` says its group holds: anonymous and shared memory, KiB.
fn held_kib(stat: &str) -> u64 {
    let field = |name: &str| {
        let line = stat
            .lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(' '));
        line.and_then(|n| n.trim().parse::<u64>().ok()).unwrap_or(0)
    };
    (field("rss") + field("shmem")) / 1024
}

/// This process's cgroup in the hierarchy mounted with `controller`: its folder.
fn hierarchy(mounts: &str, own: &str, controller: &str) -> Option<PathBuf> {
    let mount = mounts.lines().find_map(|line| {
        let fields: Vec<&str> = line.split(' ').collect();
        let has = fields.get(3)?.split(',').any(|o| o == controller);
        (fields.get(2) == Some(&"cgroup") && has).then(|| fields[1].to_string())
    })?;
    let path = own.lines().find_map(|line| {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        controllers
            .split(',')
            .any(|c| c == controller)
            .then_some(path)
    })?;
    Some(Path::new(&mount).join(path.trim_start_matches('/')))
}

fn read(mut file: &File) -> String {
    let mut text = String::new();
    let _ = file.rewind().and_then(|()| file.read_to_string(&mut text));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hierarchy_is_found_by_its_controller_and_our_place_in_it() {
        let mounts = "cgroup2 /sys/fs/cgroup/unified cgroup2 rw,relatime 0 0\n\
                      cgroup /sys/fs/cgroup/cpu,cpuacct cgroup rw,relatime,cpu,cpuacct 0 0\n\
                      cgroup /sys/fs/cgroup/memory cgroup rw,relatime,memory 0 0\n";
        let own = "0::/\n3:cpu,cpuacct:/\n4:memory:/process_api/c69\n";
        let found = |c| hierarchy(mounts, own, c);
        let cpu = PathBuf::from("/sys/fs/cgroup/cpu,cpuacct");
        assert_eq!(found("cpuacct"), Some(cpu));
        let memory = PathBuf::from("/sys/fs/cgroup/memory/process_api/c69");
        assert_eq!(found("memory"), Some(memory));
        assert_eq!(found("pids"), None, "no such hierarchy");
        assert_eq!(
            found("cpu,cpuacct"),
            None,
            "a controller, not a mount's name"
        );
    }

    #[test]
    fn what_a_group_holds_is_its_anonymous_and_shared_memory() {
        let stat = "cache 4096\nrss 1048576\nrss_huge 0\nshmem 2097152\nmapped_file 0\n\
                    total_rss 9999999\n";
        assert_eq!(held_kib(stat), 3072);
        assert_eq!(held_kib(""), 0);
    }

    #[test]
    fn a_groups_name_is_its_launchers_pid() {
        assert_eq!(group_name(42), "slidekit-run-42");
    }
}
