//! The report pipe's bytes: what the launcher writes on its stdout once a run is over (`key value`
//! lines, then the program's stdout and stderr, each after its length), and the judge's reading.

use crate::model::execution::{Accounting, Measurement, Sandbox, Stop};
use crate::model::status::Status;

/// Why the run was stopped, as the report names it: the one table its writer and its reader use.
const STOPS: [(Option<Stop>, &str); 8] = [
    (None, "none"),
    (Some(Stop::Cpu), "cpu"),
    (Some(Stop::Memory), "memory"),
    (Some(Stop::Wall), "wall"),
    (Some(Stop::UncountedChildren), "uncounted-children"),
    (Some(Stop::Disk), "disk"),
    (Some(Stop::Output), "output"),
    (Some(Stop::MemoryCap), "memory-cap"),
];

const SANDBOXES: [Sandbox; 2] = [Sandbox::Namespaces, Sandbox::ProcessGroup];
const ACCOUNTINGS: [Accounting; 2] = [Accounting::Cgroup, Accounting::Polling];

/// A report read back: the measurement, the program's stdout and its stderr (head and tail).
pub type Reported = (Measurement, Vec<u8>, Vec<u8>);

/// The report of a run measured as `m` that wrote `stdout` and `stderr`.
pub fn write(m: &Measurement, stdout: &[u8], stderr: &[u8]) -> Vec<u8> {
    let stopped = STOPS.iter().find(|(stop, _)| *stop == m.stopped);
    let text = format!(
        "status {}\ncpu_us {}\nwall_us {}\npeak_kib {}\nstopped {}\nsandbox {}\naccounting {}\nstack_kib {}\nstdout {}\n",
        m.status.to_text(),
        (m.cpu_ms * 1000.0).round() as u64,
        (m.wall_ms * 1000.0).round() as u64,
        m.peak_kib,
        stopped.map_or("", |(_, name)| name), // unnamed: the judge refuses the report
        m.sandbox.name(),
        m.accounting.name(),
        m.stack_kib,
        stdout.len()
    );
    let stderr_len = format!("stderr {}\n", stderr.len());
    [text.as_bytes(), stdout, stderr_len.as_bytes(), stderr].concat()
}

/// Reads [`write`]'s bytes back; `None` for anything else, a second report after the first too.
pub fn parse(bytes: &[u8]) -> Option<Reported> {
    let mut r = Reader { rest: bytes };
    let micros = |text: String| text.parse::<u64>().ok().map(|us| us as f64 / 1000.0);
    // Read in the order written: a struct's fields are evaluated in the order they are listed.
    let measured = Measurement {
        status: Status::parse(&r.field("status")?)?,
        cpu_ms: micros(r.field("cpu_us")?)?,
        wall_ms: micros(r.field("wall_us")?)?,
        peak_kib: r.field("peak_kib")?.parse().ok()?,
        stopped: r.named("stopped", &STOPS, |s| s.1)?.0,
        sandbox: r.named("sandbox", &SANDBOXES, |s| s.name())?,
        accounting: r.named("accounting", &ACCOUNTINGS, |a| a.name())?,
        stack_kib: r.field("stack_kib")?.parse().ok()?,
    };
    let (stdout, stderr) = (r.block("stdout")?, r.block("stderr")?);
    // More than one report: something else wrote to the launcher's stdout.
    r.rest.is_empty().then_some((measured, stdout, stderr))
}

struct Reader<'a> {
    rest: &'a [u8],
}

impl Reader<'_> {
    /// The value of the next line, which must be `key value`.
    fn field(&mut self, key: &str) -> Option<String> {
        let end = self.rest.iter().position(|&b| b == b'\n')?;
        let text = std::str::from_utf8(&self.rest[..end]).ok()?;
        self.rest = &self.rest[end + 1..];
        let (k, v) = text.split_once(' ')?;
        (k == key).then(|| v.to_string())
    }

    /// The value of the next line, `key NAME`, found by its name among `all`.
    fn named<T: Copy>(&mut self, key: &str, all: &[T], name: impl Fn(&T) -> &str) -> Option<T> {
        let value = self.field(key)?;
        all.iter().find(|t| name(t) == value).copied()
    }

    /// The bytes after a `key length` line.
    fn block(&mut self, key: &str) -> Option<Vec<u8>> {
        let len: usize = self.field(key)?.parse().ok()?;
        let bytes = self.rest.get(..len)?.to_vec();
        self.rest = &self.rest[len..];
        Some(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn measured(stopped: Option<Stop>) -> Measurement {
        Measurement {
            status: Status::Signaled(9),
            cpu_ms: 1.5,
            wall_ms: 2.125,
            peak_kib: 2700,
            stopped,
            sandbox: Sandbox::ProcessGroup,
            accounting: Accounting::Cgroup,
            stack_kib: 65536,
        }
    }

    #[test]
    fn a_report_survives_its_byte_form() {
        let bytes = write(&measured(Some(Stop::Wall)), b"ud\nstderr 3\n", b"oops\n");
        let back = parse(&bytes);
        let sent = (
            measured(Some(Stop::Wall)),
            b"ud\nstderr 3\n".to_vec(),
            b"oops\n".to_vec(),
        );
        assert_eq!(back, Some(sent));
        assert_eq!(parse(&bytes[..bytes.len() - 1]), None);
        assert_eq!(parse(&[&bytes[..], &bytes[..]].concat()), None);
        assert_eq!(parse(b"status exited 0\ncpu_us x\n"), None);
    }

    #[test]
    fn every_stop_and_mode_survives_the_report() {
        // A new `Stop` fails to compile here until `STOPS` names it.
        let _ = |stop: Stop| match stop {
            Stop::Cpu
            | Stop::Memory
            | Stop::Wall
            | Stop::UncountedChildren
            | Stop::Disk
            | Stop::Output
            | Stop::MemoryCap => (),
        };
        let modes = SANDBOXES
            .into_iter()
            .flat_map(|s| ACCOUNTINGS.map(|a| (s, a)));
        for ((stopped, _), (sandbox, accounting)) in STOPS.into_iter().zip(modes.cycle()) {
            let m = Measurement {
                sandbox,
                accounting,
                ..measured(stopped)
            };
            assert_eq!(parse(&write(&m, b"", b"")).map(|r| r.0), Some(m));
        }
    }
}
