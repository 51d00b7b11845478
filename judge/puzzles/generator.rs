//! What `judge stress` needs of a puzzle: seeded random inputs, and smaller inputs to try in place of
//! one that failed.

use crate::puzzles::checker::Checker;

pub trait Generator {
    /// Input number `index` of the run `seed` (the same pair always gives the same input), with about
    /// `cases` cases where the format holds several (more where an input at the problem's limits
    /// needs them); and how many it holds.
    fn input(&self, seed: u64, index: u64, cases: u64) -> (String, u64);
    /// Smaller inputs to try in place of `input`, which failed, most promising first; `case` is the
    /// failing case (0-based) when the checker named one.
    fn smaller(&self, input: &str, case: Option<usize>) -> Vec<String>;
    /// `input` read and written again as this generator writes inputs (as `smaller` writes them),
    /// if it can read it: where that is `input` but for its line ends, a smaller input keeps them.
    fn rendered(&self, input: &str) -> Option<String>;
}

/// Delta debugging's cuts of `items`, each non-empty and smaller, most promising first: item
/// `first` alone, then for 2, 4, 8, … parts down to one item a part, each part alone and the items
/// without it. Taken again from each that still fails, until none does, they end where no single
/// item can go; a failure that rests on the work of many (a TLE) loses a small part at a time.
pub fn cuts<T: Clone>(items: &[T], first: Option<usize>) -> Vec<Vec<T>> {
    let n = items.len();
    // One (from, to, alone) is one cut; at 2 parts, a half's complement is the other half.
    let mut ranges = Vec::from_iter(first.map(|c| (c, c + 1, true)));
    let mut parts = 2;
    while parts / 2 < n {
        let bounds = |i: usize| (i * n / parts.min(n), (i + 1) * n / parts.min(n));
        for (from, to) in (0..parts.min(n)).map(bounds) {
            let both = [true, false].map(|alone| (from, to, alone));
            ranges.extend(&both[..1 + usize::from(parts > 2)]);
        }
        parts *= 2;
    }
    let mut seen = std::collections::HashSet::new();
    ranges.retain(|&r| r.0 < r.1 && r.1 - r.0 < n && seen.insert(r));
    let cut = |(from, to, alone)| match alone {
        true => items[from..to].to_vec(),
        false => [&items[..from], &items[to..]].concat(),
    };
    ranges.into_iter().map(cut).collect()
}

/// What stressing a puzzle takes: its generator, and a checker whose reference suits many small
/// random inputs.
pub struct Stress {
    pub generator: Box<dyn Generator>,
    pub checker: Box<dyn Checker>,
}
