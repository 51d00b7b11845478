//! A watchdog for solutions called in this process, where a call that hangs cannot be killed: it
//! ends the test binary, naming the input, so that a hang never hangs `cargo test`.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, Once};
use std::time::{Duration, Instant};

/// While it lives, its input is watched: one thread for the whole binary looks every 100 ms, and
/// ends the process if a watched input has waited longer than its limit for its answer.
pub struct Watch(u64);

/// Each watched input: its deadline, and what to say if it passes.
static WATCHED: Mutex<BTreeMap<u64, (Instant, String)>> = Mutex::new(BTreeMap::new());
static NEXT_WATCH: AtomicU64 = AtomicU64::new(0);
static WATCHDOG: Once = Once::new();

impl Watch {
    /// Watches `solution` answering `input` for at most `limit`.
    pub fn start(solution: &str, input: &str, limit: Duration) -> Watch {
        WATCHDOG.call_once(|| {
            std::thread::spawn(watchdog);
        });
        let id = NEXT_WATCH.fetch_add(1, Ordering::Relaxed);
        let why = format!("{solution} gave no answer within {limit:?} to:\n{input}");
        let mut watched = WATCHED.lock().unwrap_or_else(|e| e.into_inner());
        watched.insert(id, (Instant::now() + limit, why));
        Watch(id)
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        let mut watched = WATCHED.lock().unwrap_or_else(|e| e.into_inner());
        watched.remove(&self.0);
    }
}

fn watchdog() {
    loop {
        std::thread::sleep(Duration::from_millis(100));
        let watched = WATCHED.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        if let Some((_, why)) = watched.values().find(|(deadline, _)| now > *deadline) {
            eprintln!("{why}");
            std::process::exit(101);
        }
    }
}
