//! Names a user typed, matched against the names there are: patterns with `*` and `?`, and the
//! nearest name to a typo, for a "did you mean".

/// Whether `name` matches `pattern` as a whole, where `*` stands for any run of characters and `?`
/// for any one.
pub fn matches_pattern(pattern: &str, name: &str) -> bool {
    let (pattern, name): (Vec<char>, Vec<char>) =
        (pattern.chars().collect(), name.chars().collect());
    // matched[j]: the pattern so far matches the first j characters of the name.
    let mut matched = vec![false; name.len() + 1];
    matched[0] = true;
    for p in pattern {
        let before = matched.clone();
        matched[0] = before[0] && p == '*';
        for j in 1..=name.len() {
            matched[j] = match p {
                '*' => before[j] || matched[j - 1],
                '?' => before[j - 1],
                c => before[j - 1] && name[j - 1] == c,
            };
        }
    }
    matched[name.len()]
}

/// The name of `names` nearest to `typed`, if it is near enough to be what was meant: at most one
/// edit in three characters (and one for the shortest), the first of equals.
pub fn closest<'a>(typed: &str, names: &[&'a str]) -> Option<&'a str> {
    let allowed = (typed.chars().count() / 3).max(1);
    let near = names.iter().map(|&n| (distance(typed, n), n));
    let best = near.filter(|&(d, _)| d <= allowed).min_by_key(|&(d, _)| d);
    best.map(|(_, name)| name)
}

/// Edits (insert, delete or replace a character, swap two neighbours) that turn `a` into `b`: the
/// optimal string alignment distance, in which `eigth` is one edit from `eight`.
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // Three rows of the table: two rows back, the last, and the one being filled.
    let mut before: Vec<usize> = Vec::new();
    let mut last: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let replaced = last[j - 1] + usize::from(a[i - 1] != b[j - 1]);
            row[j] = replaced.min(last[j] + 1).min(row[j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(before[j - 2] + 1);
            }
        }
        before = std::mem::replace(&mut last, row);
    }
    last[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::rng::Rng;

    #[test]
    fn patterns_match_whole_names() {
        assert!(matches_pattern("00*", "002-hardest") && matches_pattern("*", ""));
        assert!(matches_pattern("0?2-*est", "002-hardest"));
        assert!(!matches_pattern("02*", "002-hardest") && !matches_pattern("002", "002-hardest"));
        assert!(!matches_pattern("?", "") && matches_pattern("a*b*c", "abbbc"));
    }

    /// A plain matcher by recursion: the reference for the table above.
    fn plain(pattern: &[u8], name: &[u8]) -> bool {
        match (pattern.first(), name.first()) {
            (None, _) => name.is_empty(),
            (Some(b'*'), _) => {
                plain(&pattern[1..], name) || (!name.is_empty() && plain(pattern, &name[1..]))
            }
            (Some(_), None) => false,
            (Some(&p), Some(&c)) => (p == b'?' || p == c) && plain(&pattern[1..], &name[1..]),
        }
    }

    #[test]
    fn random_patterns_match_as_a_plain_recursive_matcher_says() {
        let mut rng = Rng::new(20);
        let letters = |rng: &mut Rng, alphabet: &[u8], most: usize| -> String {
            let n = rng.below(most + 1);
            (0..n).map(|_| rng.pick(alphabet) as char).collect()
        };
        for _ in 0..5000 {
            let pattern = letters(&mut rng, b"ab*?", 6);
            let name = letters(&mut rng, b"ab", 7);
            let expected = plain(pattern.as_bytes(), name.as_bytes());
            assert_eq!(
                matches_pattern(&pattern, &name),
                expected,
                "{pattern} {name}"
            );
        }
    }

    #[test]
    fn typos_find_the_name_meant_and_nothing_far() {
        let problems = [
            "eight",
            "eight_luogu",
            "huarong",
            "huarong_goal",
            "noip_huarong",
        ];
        assert_eq!(closest("eigth", &problems), Some("eight")); // a swap is one edit
        assert_eq!(closest("eight", &problems), Some("eight"));
        assert_eq!(closest("huarnog", &problems), Some("huarong"));
        assert_eq!(closest("tetris", &problems), None);
        let flags = ["--time-limit", "--memory-limit", "--test"];
        assert_eq!(closest("--time-limt", &flags), Some("--time-limit"));
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(
            (
                distance("", "abc"),
                distance("ab", "ba"),
                distance("ca", "abc")
            ),
            (3, 1, 3)
        );
    }

    /// A plain recursive optimal-string-alignment distance: the reference for `distance`.
    fn plain_distance(a: &[u8], b: &[u8]) -> usize {
        let (Some((&x, rest_a)), Some((&y, rest_b))) = (a.split_first(), b.split_first()) else {
            return a.len().max(b.len());
        };
        let mut best = plain_distance(rest_a, b) + 1; // delete x
        best = best.min(plain_distance(a, rest_b) + 1); // insert y
        best = best.min(plain_distance(rest_a, rest_b) + usize::from(x != y));
        if a.len() > 1 && b.len() > 1 && a[0] == b[1] && a[1] == b[0] {
            best = best.min(plain_distance(&a[2..], &b[2..]) + 1); // swap the two
        }
        best
    }

    #[test]
    fn random_words_are_as_far_apart_as_a_plain_recursion_says() {
        let mut rng = Rng::new(22);
        let word = |rng: &mut Rng| -> String {
            let n = rng.below(7);
            (0..n).map(|_| rng.pick(b"abc") as char).collect()
        };
        for _ in 0..3000 {
            let (a, b) = (word(&mut rng), word(&mut rng));
            assert_eq!(
                distance(&a, &b),
                plain_distance(a.as_bytes(), b.as_bytes()),
                "{a} {b}"
            );
        }
    }
}
