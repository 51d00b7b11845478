//! Each test's optima by the reference, computed once and kept beside the compile cache, and a case's
//! plain-BFS layers once a trace has asked for them (the coach's and the charts' figures). An entry
//! is keyed by the puzzle, the digest of the sources its figures come from, and the input's digest,
//! so a changed reference or input is solved again; an entry whose text no longer matches its own
//! digest (half-written, or rewritten by a program where no sandbox hides the cache) is solved again
//! too.

use crate::formats::ans::{read_optimum, show_optimum};
use crate::formats::{digest, files};
use crate::model::optimum::Optimum;
use crate::model::reason::TestFault;
use crate::puzzles::checker::Checker;
use crate::puzzles::{PlainLayers, Puzzle};
use std::path::{Path, PathBuf};

/// The optima of one puzzle's tests, as a folder of entries.
pub struct OptimaCache {
    dir: PathBuf,
    /// `<puzzle>-<source digest>`, the start of every entry's name.
    prefix: String,
    /// The puzzle's plain BFS, if its search is a layered one.
    layers: Option<PlainLayers>,
}

impl OptimaCache {
    /// The cache for `puzzle` in `dir` (created when the first entry is written).
    pub fn new(dir: &Path, puzzle: &Puzzle) -> OptimaCache {
        OptimaCache {
            dir: dir.to_path_buf(),
            prefix: format!("{}-{:016x}", puzzle.name, puzzle.source_digest),
            layers: puzzle.plain_layers,
        }
    }

    /// The optima of `input`: from its entry when that is intact, else by `checker`'s reference,
    /// then saved. A fault is never saved: it is the test's to fix, and cheap to find again.
    pub fn optima(&self, checker: &dyn Checker, input: &[u8]) -> Result<Vec<Optimum>, TestFault> {
        let entry = self.entry(input, "optima");
        if let Some(optima) = read(&entry) {
            return Ok(optima);
        }
        let optima = checker.optima(input)?;
        save(&entry, &optima); // a cache that cannot be written only costs time
        Ok(optima)
    }

    /// The sizes of a plain BFS's layers from case `case`'s start through the first at the goal
    /// (all of them if none is): from its entry when that is intact, else by the puzzle's
    /// reference, then saved. Each is worth a second or more of the reference's search on a large
    /// board.
    pub fn plain_layers(&self, input: &[u8], case: usize) -> Result<Vec<usize>, String> {
        let none = "this problem has no plain BFS to compare with";
        let layers = self.layers.ok_or(none)?;
        let entry = self.entry(input, &format!("plain-{case}"));
        if let Some(sizes) = read(&entry) {
            return Ok(sizes.into_iter().map(|n| n.cost() as usize).collect());
        }
        let sizes = layers(input, case)?;
        let lines: Vec<Optimum> = sizes.iter().map(|&n| Optimum::Moves(n as u64)).collect();
        save(&entry, &lines);
        Ok(sizes)
    }

    /// The entry of `input`'s figure `what`: `optima`, or `plain-<case>`.
    fn entry(&self, input: &[u8], what: &str) -> PathBuf {
        let key = digest::hex(input);
        let name = format!("{}-{key}-{}-{what}", self.prefix, input.len());
        self.dir.join(name)
    }
}

/// An entry: one optimum a line as `.ans` files write them (a layer's size as a number), then the
/// digest of those lines.
fn read(entry: &Path) -> Option<Vec<Optimum>> {
    let text = std::fs::read_to_string(entry).ok()?;
    let (lines, stamp) = text.rsplit_once("digest ")?;
    if stamp.trim_end() != digest::hex(lines.as_bytes()) {
        return None;
    }
    lines.lines().map(read_optimum).collect()
}

/// Writes the entry whole or not at all.
fn save(entry: &Path, optima: &[Optimum]) {
    let lines: String = optima.iter().map(|o| show_optimum(*o) + "\n").collect();
    let text = format!("{lines}digest {}\n", digest::hex(lines.as_bytes()));
    let _ = files::write_whole(entry, text.as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judging::test_judge::testing::{bare_puzzle, folder, NumberChecker};
    use crate::model::reason::Rejection;
    use std::cell::Cell;

    thread_local! {
        /// How often the reference was asked, for optima or layers, on this test's thread.
        static ASKED: Cell<usize> = const { Cell::new(0) };
    }

    fn asked() -> usize {
        ASKED.with(Cell::get)
    }

    /// Counts how often its reference was asked.
    struct Counting;

    impl Checker for Counting {
        fn optima(&self, input: &[u8]) -> Result<Vec<Optimum>, TestFault> {
            ASKED.with(|n| n.set(n.get() + 1));
            NumberChecker.optima(input)
        }

        fn check(&self, _: &[u8], _: &[u8], _: &[Optimum]) -> crate::model::verdict::Checked {
            unreachable!("only optima are asked")
        }

        fn claims(&self, _: &[u8], _: &[u8]) -> Result<Vec<Optimum>, Rejection> {
            unreachable!("only optima are asked")
        }
    }

    /// A layer of one, then the input's number and the case's.
    fn layers(input: &[u8], case: usize) -> Result<Vec<usize>, String> {
        ASKED.with(|n| n.set(n.get() + 1));
        let n = String::from_utf8_lossy(input).trim().parse();
        Ok(vec![1, n.map_err(|_| "is not a number")?, case])
    }

    const PUZZLE: Puzzle = Puzzle {
        plain_layers: Some(layers),
        ..bare_puzzle("number", || Box::new(NumberChecker))
    };

    #[test]
    fn optima_are_solved_once_and_a_damaged_entry_is_solved_again() {
        let dir = folder("optima");
        let _ = std::fs::remove_dir_all(&dir);
        let cache = OptimaCache::new(&dir, &PUZZLE);
        assert_eq!(cache.optima(&Counting, b"19"), Ok(vec![Optimum::Moves(19)]));
        assert_eq!(cache.optima(&Counting, b"19"), Ok(vec![Optimum::Moves(19)]));
        assert_eq!(asked(), 1, "the second time from the entry");
        assert_eq!(cache.optima(&Counting, b"20"), Ok(vec![Optimum::Moves(20)]));
        assert_eq!(asked(), 2, "another input is another entry");
        let entry = cache.entry(b"19", "optima");
        let text = std::fs::read_to_string(&entry).expect("an entry");
        std::fs::write(&entry, text.replace("19", "18")).expect("rewrite");
        assert_eq!(cache.optima(&Counting, b"19"), Ok(vec![Optimum::Moves(19)]));
        assert_eq!(asked(), 3, "a rewritten entry fails its digest");
        let newer = Puzzle {
            source_digest: 8,
            ..PUZZLE
        };
        let newer = OptimaCache::new(&dir, &newer);
        assert_eq!(newer.optima(&Counting, b"19"), Ok(vec![Optimum::Moves(19)]));
        assert_eq!(asked(), 4, "another reference solves again");
        let fault = cache.optima(&Counting, b"x");
        assert!(fault.is_err() && cache.optima(&Counting, b"x").is_err());
        assert_eq!(asked(), 6, "a fault is not kept");
        std::fs::remove_dir_all(dir).expect("clean up");
    }

    #[test]
    fn a_cases_plain_layers_are_searched_once_and_kept_apart() {
        let dir = folder("plain-layers");
        let _ = std::fs::remove_dir_all(&dir);
        let cache = OptimaCache::new(&dir, &PUZZLE);
        assert_eq!(cache.plain_layers(b"19", 2), Ok(vec![1, 19, 2]));
        assert_eq!(cache.plain_layers(b"19", 2), Ok(vec![1, 19, 2]));
        assert_eq!(asked(), 1, "the second time from the entry");
        assert_eq!(cache.plain_layers(b"19", 3), Ok(vec![1, 19, 3]));
        assert_eq!(cache.optima(&Counting, b"19"), Ok(vec![Optimum::Moves(19)]));
        assert_eq!(asked(), 3, "a case, another case, the optima");
        let entry = cache.entry(b"19", "plain-2");
        let text = std::fs::read_to_string(&entry).expect("an entry");
        std::fs::write(&entry, text.replace("19", "18")).expect("rewrite");
        assert_eq!(cache.plain_layers(b"19", 2), Ok(vec![1, 19, 2]));
        assert_eq!(asked(), 4, "a rewritten entry fails its digest");
        assert!(cache.plain_layers(b"x", 0).is_err());
        assert!(cache.plain_layers(b"x", 0).is_err());
        assert_eq!(asked(), 6, "an error is not kept");
        std::fs::remove_dir_all(dir).expect("clean up");
    }
}
