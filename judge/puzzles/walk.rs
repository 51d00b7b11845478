//! A plain BFS a layer at a time: the one-sided search a trace's layers are measured against, for
//! every puzzle whose reference gives its moves.

use std::collections::HashSet;
use std::hash::Hash;

/// A state's successors.
type Moves<'a, S> = Box<dyn Fn(&S) -> Vec<S> + 'a>;

/// A plain BFS from one state, a layer at a time: as an iterator, each layer's size from depth 0,
/// searched only when asked for.
pub struct LayerWalk<'a, S> {
    moves: Moves<'a, S>,
    /// Past this many states seen, the layers stop: a memory bound.
    limit: usize,
    seen: HashSet<S>,
    layer: Vec<S>,
    started: bool,
}

impl<'a, S: Clone + Eq + Hash + 'a> LayerWalk<'a, S> {
    /// A walk from `start` by `moves`, stopped past `limit` states seen.
    pub fn new(start: S, moves: impl Fn(&S) -> Vec<S> + 'a, limit: usize) -> Self {
        LayerWalk {
            seen: HashSet::from([start.clone()]),
            layer: vec![start],
            moves: Box::new(moves),
            limit,
            started: false,
        }
    }

    /// Grows the next layer; its size, 0 once the states run out or past the limit.
    fn next_layer(&mut self) -> usize {
        if self.seen.len() > self.limit {
            self.layer.clear();
        }
        let mut next = Vec::new();
        for state in std::mem::take(&mut self.layer) {
            for moved in (self.moves)(&state) {
                if self.seen.insert(moved.clone()) {
                    next.push(moved);
                }
            }
        }
        self.layer = next;
        self.layer.len()
    }

    /// The sizes of the layers through the first that holds a state `at_goal` (all of them if
    /// none does).
    pub fn sizes_to(mut self, at_goal: impl Fn(&S) -> bool) -> Vec<usize> {
        let mut sizes = vec![1];
        while !self.layer.iter().any(&at_goal) {
            match self.next_layer() {
                0 => break,
                size => sizes.push(size),
            }
        }
        sizes
    }
}

impl<'a, S: Clone + Eq + Hash + 'a> Iterator for LayerWalk<'a, S> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if !std::mem::replace(&mut self.started, true) {
            return Some(1);
        }
        Some(self.next_layer()).filter(|&size| size > 0)
    }
}
