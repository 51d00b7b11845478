//! A program's stderr: a pipe drained as it is written, of which the first bytes (a trace's worth
//! when traced) and the last few KiB are kept. Through a file it would meet the file-size limit
//! that bounds stdout, and a long debug log would become a verdict; through a pipe any amount is
//! only cut short.

use crate::model::execution::CUT;
use crate::run::sys;
use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, Read};
use std::thread::JoinHandle;

/// How much of the tail of a program's stderr is kept, bytes.
pub const TAIL_KEPT: usize = 4096;

/// The pipe's reading side, drained by a thread of its own.
pub struct Tap(JoinHandle<io::Result<Vec<u8>>>);

/// A pipe for a program's stderr: the end it writes to, and the tap that keeps the first `head`
/// bytes and the last [`TAIL_KEPT`].
pub fn tap(head: usize) -> io::Result<(File, Tap)> {
    let (read, write) = sys::pipe_files()?;
    Ok((write, Tap(std::thread::spawn(move || drain(read, head)))))
}

impl Tap {
    /// What was kept, once every process holding the write end has closed it: the head, and where
    /// some were left out, a [`CUT`] line and the tail.
    pub fn kept(self) -> io::Result<Vec<u8>> {
        self.0
            .join()
            .unwrap_or_else(|_| Err(io::Error::new(io::ErrorKind::Other, "the tap failed")))
    }
}

/// The last [`TAIL_KEPT`] bytes of `stderr`, from the first line that begins among them.
pub fn tail(stderr: &str) -> &str {
    let before = stderr.len().saturating_sub(TAIL_KEPT + 1);
    let newline = stderr.as_bytes()[before..].iter().position(|&b| b == b'\n');
    let start = newline.map_or(stderr.len(), |i| before + i + 1);
    &stderr[if stderr.len() <= TAIL_KEPT { 0 } else { start }..]
}

fn drain(mut pipe: File, head: usize) -> io::Result<Vec<u8>> {
    let (mut kept, mut tail, mut dropped) = (Vec::new(), VecDeque::<u8>::new(), 0u64);
    let mut buf = vec![0u8; 64 << 10];
    loop {
        let n = match pipe.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let room = head.saturating_sub(kept.len()).min(n);
        kept.extend_from_slice(&buf[..room]);
        tail.extend(&buf[room..n]);
        let over = tail.len().saturating_sub(TAIL_KEPT);
        tail.drain(..over);
        dropped += over as u64;
    }
    if dropped > 0 {
        kept.extend_from_slice(format!("\n{CUT}\n").as_bytes());
    }
    kept.extend(tail);
    Ok(kept)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn through(head: usize, written: &[u8]) -> Vec<u8> {
        let (mut write, tap) = tap(head).expect("a pipe");
        write.write_all(written).expect("written");
        drop(write);
        tap.kept().expect("kept")
    }

    #[test]
    fn stderr_is_kept_whole_or_as_its_head_and_tail_around_a_cut() {
        assert_eq!(through(10, b"a short one"), b"a short one");
        let long: Vec<u8> = (0..200_000u32).map(|i| b'a' + (i % 26) as u8).collect();
        let kept = through(100, &long);
        let marker = format!("\n{CUT}\n");
        assert_eq!(&kept[..100], &long[..100]);
        assert_eq!(&kept[100..100 + marker.len()], marker.as_bytes());
        assert_eq!(&kept[100 + marker.len()..], &long[long.len() - TAIL_KEPT..]);
        // Exactly head + tail: nothing left out, no marker.
        let just = &long[..100 + TAIL_KEPT];
        assert_eq!(through(100, just), just);
    }

    #[test]
    fn a_tail_is_whole_lines_within_the_last_bytes_kept() {
        for seed in 0..200u64 {
            // A small LCG: lines of any length, multi-byte characters in them.
            let mut x = seed;
            let mut below = |n: u64| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((x >> 33) % n) as usize
            };
            let lines: Vec<String> = (0..below(300))
                .map(|i| format!("{i}{}\n", "é".repeat(below(90))))
                .collect();
            let text = lines.concat();
            let kept = tail(&text);
            assert!(kept.len() <= TAIL_KEPT && text.ends_with(kept));
            let start = text.len() - kept.len();
            assert!(start == 0 || text.as_bytes()[start - 1] == b'\n', "{seed}");
            // The line before it did not fit.
            let before = text[..start].lines().last().map_or(0, |l| l.len() + 1);
            assert!(start == 0 || kept.len() + before > TAIL_KEPT, "{seed}");
        }
    }
}
