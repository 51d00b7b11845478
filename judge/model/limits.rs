//! Every limit in one place: what may be asked for, the defaults, and the caps derived from a test's
//! limits for the kernel and the launcher.

/// The largest limits accepted: an hour of CPU, a TiB of memory. Larger ones mean a typo.
pub const MAX_TIME_MS: u64 = 3_600_000;
pub const MAX_MEMORY_MIB: u64 = 1 << 20;

/// The limits a test runs under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// CPU time (user + system) of the program's whole process tree, milliseconds.
    pub cpu_ms: u64,
    /// Peak resident memory of the whole tree, KiB.
    pub memory_kib: u64,
    /// Standard output, bytes.
    pub output_bytes: u64,
}

/// As on POJ: a second of CPU, 64 MiB; output up to 64 MiB.
pub const DEFAULT: Limits = Limits {
    cpu_ms: 1000,
    memory_kib: 64 << 10,
    output_bytes: 64 << 20,
};

/// A compiler's caps: 30 s of CPU, 2 GiB of memory, 256 MiB for any file (the binary). Hitting one is CE.
pub const COMPILE: Limits = Limits {
    cpu_ms: 30_000,
    memory_kib: 2 << 20,
    output_bytes: 256 << 20,
};

impl Limits {
    /// These limits with the command line's overrides.
    pub fn overridden(self, cpu_ms: Option<u64>, memory_mib: Option<u64>) -> Limits {
        Limits {
            cpu_ms: cpu_ms.unwrap_or(self.cpu_ms),
            memory_kib: memory_mib.map_or(self.memory_kib, |mib| mib * 1024),
            ..self
        }
    }

    /// Address space of each process, bytes: twice the memory limit plus 64 MiB, so that a runaway
    /// allocation fails fast without failing programs that merely reserve more than they touch.
    pub fn address_space_bytes(&self) -> u64 {
        self.memory_kib
            .saturating_mul(2048)
            .saturating_add(64 << 20)
    }

    /// Wall clock, milliseconds: twice the CPU limit plus a second, so that a program that sleeps or
    /// blocks is stopped, while a busy machine does not stop a program that computes.
    pub fn wall_ms(&self) -> u64 {
        self.cpu_ms.saturating_mul(2).saturating_add(1000)
    }

    /// The kernel's CPU limit for each process, whole seconds: only a backstop, since the launcher stops
    /// the tree as soon as its polled CPU passes `cpu_ms`.
    pub fn cpu_backstop_seconds(&self) -> u64 {
        self.cpu_ms.saturating_add(999) / 1000 + 1
    }

    /// The largest file a process may write, bytes: one past the output limit, so that a program that
    /// writes past it is the one that fails.
    pub fn file_bytes(&self) -> u64 {
        self.output_bytes.saturating_add(1)
    }

    /// How many files a run's folder may hold, where the sandbox caps it.
    pub const FOLDER_FILES: u64 = 4096;

    /// What a run's folder may hold, bytes, where the sandbox caps it: twice what it may print, so
    /// that a single file meets the file-size limit first, and a folder full of them this cap.
    pub fn folder_bytes(&self) -> u64 {
        self.output_bytes.saturating_mul(2)
    }

    /// The memory cap of a run's cgroup, bytes: only a backstop, since the verdict comes from what
    /// the run is seen to hold. The kernel also charges it the run's output files (a memory file, a
    /// tmpfs temp dir), the files in its capped folder, and kernel memory and page cache, so all
    /// get their room: the limit, the output limit, the folder's and 16 MiB.
    pub fn cgroup_cap_bytes(&self) -> u64 {
        let limit = self.memory_kib.saturating_mul(1024);
        limit
            .saturating_add(self.output_bytes)
            .saturating_add(self.folder_bytes())
            .saturating_add(16 << 20)
    }

    /// The main thread's stack, bytes: the whole memory limit, as Codeforces gives it, whatever the
    /// caller's soft `ulimit -s` (its hard limit, which only root may raise, still bounds it).
    pub fn stack_bytes(&self) -> u64 {
        self.memory_kib.saturating_mul(1024)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_follow_the_limits() {
        assert_eq!(DEFAULT.address_space_bytes(), 192 << 20);
        assert_eq!(DEFAULT.wall_ms(), 3000);
        assert_eq!(DEFAULT.cpu_backstop_seconds(), 2);
        let odd = DEFAULT.overridden(Some(1500), None);
        assert_eq!(odd.cpu_backstop_seconds(), 3);
        let big = DEFAULT.overridden(Some(MAX_TIME_MS), Some(MAX_MEMORY_MIB));
        assert_eq!(big.memory_kib, 1 << 30);
        assert!(big.address_space_bytes() > big.memory_kib * 1024);
        assert_eq!(DEFAULT.file_bytes(), (64 << 20) + 1);
        assert_eq!(DEFAULT.cgroup_cap_bytes(), 272 << 20);
    }
}
