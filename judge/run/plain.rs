//! Runs one of the project's own solutions plainly, without the launcher, to read its whole
//! `BFS_TRACE=1` trace: for the frontier charts, which measure no time or memory. Only trusted code
//! runs here (the caller checks it lies inside the project); it still has a deadline and a bound on
//! what is read.

use crate::model::error::JudgeError;
use crate::model::execution::Program;
use std::io::{Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// The most a traced run may take, and the most of its stderr that is read.
const TRACE_DEADLINE: Duration = Duration::from_secs(10);
const MAX_TRACE_BYTES: u64 = 1 << 20;

/// Runs `program` with `BFS_TRACE=1` on `input`; its stderr, or why it failed.
pub fn run_traced(program: &Program, input: Vec<u8>) -> Result<String, JudgeError> {
    let mut child = Command::new(&program.path)
        .args(&program.args)
        .env("BFS_TRACE", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| JudgeError::io("run", &program.path, e))?;
    // Written and read on threads of their own: a pipe that fills must not stop the other.
    let stdin = child.stdin.take();
    let writer = std::thread::spawn(move || stdin.map(|mut s| s.write_all(&input)));
    let stderr = child.stderr.take();
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        stderr.map(|s| s.take(MAX_TRACE_BYTES).read_to_end(&mut text));
        text
    });
    let status = wait_until(&mut child, Instant::now() + TRACE_DEADLINE);
    let _ = writer.join();
    let stderr = reader.join().unwrap_or_default();
    match status {
        Some(status) if status.success() => Ok(String::from_utf8_lossy(&stderr).into_owned()),
        Some(status) => Err(JudgeError::new(format!("the solution failed: {status}"))),
        None => Err(JudgeError::new(format!(
            "the solution took more than {} s",
            TRACE_DEADLINE.as_secs()
        ))),
    }
}

/// The child's exit status, or `None` after killing it at `deadline`.
fn wait_until(child: &mut Child, deadline: Instant) -> Option<ExitStatus> {
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
        }
    }
}
